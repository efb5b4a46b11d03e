import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { Permission } from '../common/permissions/permission';
import { BankIdParam, CreateAccountDto } from './bank.dto';
import { AccountJson, AccountListJson } from './bank.presenter';
import { BankAccountsService } from './bank-accounts.service';

@ApiTags('banks')
@Controller('banks/:bankId/accounts')
export class BankAccountsController {
  constructor(private readonly accounts: BankAccountsService) {}

  @Post()
  @Authenticated({ anyOf: [Permission.USER] })
  @ApiOperation({
    summary: 'Open an account for one of the caller\'s characters (any character for `ADMINISTRATOR` or `SERVICE_ADMINISTRATOR`)',
  })
  @ApiCreatedResponse({ type: AccountJson })
  @ApiErrors({
    400: '`Invalid form of body`: `characterId` missing or not an id string',
    401: 'Not signed in',
    403: 'Lacks `USER`',
    404: '`Unknown Bank`, or `Unknown Character` (no such character, or not the caller\'s)',
    409: '`Duplicate Account`: the character already has an account in this bank',
  })
  open(
    @CurrentUser() caller: Principal,
    @BankIdParam() bankId: string,
    @Body() dto: CreateAccountDto,
  ): Promise<AccountJson> {
    return this.accounts.open(caller, bankId, dto.characterId);
  }

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'Every account of the bank (the bank owner or `STAFF`)' })
  @ApiOkResponse({ type: AccountListJson })
  @ApiErrors({
    401: 'Not signed in',
    403: '`Forbidden`: neither the bank owner nor `STAFF`',
    404: '`Unknown Bank`: no such bank (or a malformed id)',
  })
  list(@CurrentUser() caller: Principal, @BankIdParam() bankId: string): Promise<AccountListJson> {
    return this.accounts.list(caller, bankId);
  }
}
