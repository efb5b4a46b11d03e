import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import { assertServiceKeyOrStaff, type Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { STAFF_ACCESS_ERRORS } from '../moderation/moderation.openapi';
import { STAFF_READERS } from '../moderation/moderation.policy';
import { type Admission, AdmissionService, NOT_LINKED } from './admission.service';
import { AdmissionJson } from './staff.presenter';

/** Game account ids are the provider's; they need no shape beyond a sane length. */
const MAX_EXTERNAL_ID = 128;

@ApiTags('game servers')
@Controller('gameplatform/admission')
export class AdmissionController {
  constructor(private readonly admission: AdmissionService) {}

  @Get(':externalId')
  @Authenticated()
  @RateLimit(10)
  // A game server may keep admitting from its cache through a short outage of this API.
  @Header('Cache-Control', 'private, max-age=30')
  @ApiOperation({
    summary:
      'May the player of this game account join? `reason`: not_linked (no user, now or — for a ban — ever), banned, not_a_member, missing_role (the chat community’s membership rules, on the provider’s last answer), suspended or no_approved_character, in that order of precedence after not_linked.',
  })
  @ApiOkResponse({ type: AdmissionJson })
  @ApiErrors(STAFF_ACCESS_ERRORS)
  of(@CurrentUser() caller: Principal, @Param('externalId') externalId: string): Promise<Admission> {
    assertServiceKeyOrStaff(caller, STAFF_READERS);
    if (externalId.length > MAX_EXTERNAL_ID) return Promise.resolve(NOT_LINKED);
    return this.admission.of(externalId);
  }
}
