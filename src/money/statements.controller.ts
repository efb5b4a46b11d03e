import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, PathUserId } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { BankIdParam } from '../banks/bank.dto';
import { AccountJson } from '../banks/bank.presenter';
import { ApiErrors } from '../common/errors/api-errors';
import { ParseSnowflakePipe } from '../common/ids';
import { UnknownAccount } from './money.errors';
import { StatementJson } from './money.presenter';
import { StatementsService } from './statements.service';
import { StatementQueryDto } from './transfer.dto';

const READERS = 'The holder (owner of the character), `STAFF`, `ADMINISTRATOR`, or any service key';
const AccountIdParam = () => Param('accountId', new ParseSnowflakePipe(() => new UnknownAccount()));

/** A statement's errors; `unknown` says what its 404 names. */
const ApiStatementErrors = (unknown: string) =>
  ApiErrors({
    400: '`Invalid form of body`: `limit` outside 1–100, or `before` not an entry of this statement',
    401: 'No valid session or key',
    403: '`Forbidden`: not a reader',
    404: unknown,
  });

@ApiTags('money')
@Controller()
@Authenticated()
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Get('users/:userId/characters/:characterId/wallet/statement')
  @ApiOperation({ summary: `A character's wallet statement, newest first. ${READERS}.` })
  @ApiParam({ name: 'userId', description: 'The owner, or `@me` (not for service keys)' })
  @ApiOkResponse({ type: StatementJson })
  @ApiStatementErrors('`Unknown User`, `Unknown Character`, or `Unknown Wallet` (not approved yet)')
  wallet(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Param('characterId') characterId: string,
    @Query() query: StatementQueryDto,
  ): Promise<StatementJson> {
    return this.statements.wallet(caller, userId, characterId, query);
  }

  @Get('banks/:bankId/accounts/:accountId/statement')
  @ApiOperation({ summary: `A bank account's statement, newest first. ${READERS}; not the bank's owner.` })
  @ApiOkResponse({ type: StatementJson })
  @ApiStatementErrors('`Unknown Bank` or `Unknown Account`')
  accountStatement(
    @CurrentUser() caller: Principal,
    @BankIdParam() bankId: string,
    @AccountIdParam() accountId: string,
    @Query() query: StatementQueryDto,
  ): Promise<StatementJson> {
    return this.statements.account(caller, bankId, accountId, query);
  }

  @Get('banks/:bankId/accounts/:accountId')
  @ApiOperation({ summary: `One bank account with its balance. ${READERS}.` })
  @ApiOkResponse({ type: AccountJson })
  @ApiErrors({ 401: 'No valid session or key', 403: '`Forbidden`: not a reader', 404: '`Unknown Bank` or `Unknown Account`' })
  account(@CurrentUser() caller: Principal, @BankIdParam() bankId: string, @AccountIdParam() accountId: string): Promise<AccountJson> {
    return this.statements.accountJson(caller, bankId, accountId);
  }
}
