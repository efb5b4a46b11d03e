import { Controller, Get, Headers, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { StatementJson } from '../money/money.presenter';
import { StatementQueryDto } from '../money/transfer.dto';
import { IDEMPOTENCY_KEY, parseIdempotencyKey } from '../money/transfer-request';
import { OrganisationIdParam } from './organisation.dto';
import { SIGNED_IN, UNKNOWN_ORGANISATION } from './organisations.controller';
import { OrganisationsService } from './organisations.service';
import { PayrollJson, PayrollService } from './payroll.service';

@ApiTags('organisations')
@Controller('organisations/:organisationId')
@Authenticated()
export class TreasuryController {
  constructor(
    private readonly organisations: OrganisationsService,
    private readonly payroll: PayrollService,
  ) {}

  @Post('payroll')
  @ApiOperation({
    summary: "Pay every member their grade's salary from the treasury (a boss, `ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`)",
    description:
      'One transaction: every member paid into their character\'s wallet, or nothing. Members whose salary is 0 are skipped. ' +
      'The same `Idempotency-Key` within 24 hours answers the first 201 again and pays nothing.',
  })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiCreatedResponse({ type: PayrollJson })
  @ApiErrors({
    400: '`Invalid form of body` (the header), or `Insufficient funds` with `details: {needed}`, the total the payroll needs',
    ...SIGNED_IN,
    403: '`Forbidden`: not a boss (through the active character) nor an administrator',
    ...UNKNOWN_ORGANISATION,
    409: '`Idempotency-Key reused`: the key came earlier with another request',
  })
  pay(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string, @Headers('idempotency-key') key: unknown): Promise<PayrollJson> {
    return this.payroll.pay(caller, organisationId, parseIdempotencyKey(key));
  }

  @Get('treasury/statement')
  @ApiOperation({
    summary: "The treasury's statement, newest first (members holding `view_treasury`, bosses, staff, or a service key)",
    description: 'Money comes in and goes out through `POST /v1/transfers` with `{type: "organisation", organisationId}`; taking it out needs `withdraw`.',
  })
  @ApiOkResponse({ type: StatementJson })
  @ApiErrors({
    400: '`Invalid form of body`: `limit` outside 1–100, or `before` not an entry of this statement',
    ...SIGNED_IN,
    403: '`Forbidden`: without `view_treasury` (through the active character), not staff',
    ...UNKNOWN_ORGANISATION,
  })
  statement(@CurrentUser() caller: Principal, @OrganisationIdParam() organisationId: string, @Query() query: StatementQueryDto): Promise<StatementJson> {
    return this.organisations.treasuryStatement(caller, organisationId, query);
  }
}
