import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { StatementJson } from '../money/money.presenter';
import { StatementQueryDto } from '../money/transfer.dto';
import { OrganisationIdParam } from './organisation.dto';
import { SIGNED_IN, UNKNOWN_ORGANISATION } from './organisations.controller';
import { OrganisationsService } from './organisations.service';

@ApiTags('organisations')
@Controller('organisations/:organisationId/treasury')
@Authenticated()
export class TreasuryController {
  constructor(private readonly organisations: OrganisationsService) {}

  @Get('statement')
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
