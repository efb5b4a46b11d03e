import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { UnknownUser } from '../common/errors/domain-error';
import { ParseSnowflakePipe } from '../common/ids';
import { STAFF_ACCESS_ERRORS } from '../moderation/moderation.openapi';
import { STAFF_READERS } from '../moderation/moderation.policy';
import { DossierService } from './dossier.service';
import { StaffSearchService } from './staff-search.service';
import { CharacterSearchQuery, UserSearchQuery } from './staff.dto';
import { DossierJson, StaffCharacterPageJson, StaffUserPageJson } from './staff.presenter';

@ApiTags('staff: search and dossier')
@Controller('staff')
@Authenticated({ anyOf: STAFF_READERS })
@RateLimit(10)
export class StaffController {
  constructor(
    private readonly search: StaffSearchService,
    private readonly dossiers: DossierService,
  ) {}

  @Get('users')
  @ApiOperation({
    summary:
      'Finds users by chat username or display name prefix (case and accents ignored), or exactly by user id, chat id or game-platform id; exact matches come first, then names in alphabetical order.',
  })
  @ApiOkResponse({ type: StaffUserPageJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 400: '`Invalid form of body`: limit not 1–100, an unknown tag, or a cursor this API did not make' })
  users(@Query() query: UserSearchQuery): Promise<StaffUserPageJson> {
    return this.search.findUsers(query);
  }

  @Get('characters')
  @ApiOperation({
    summary: 'Finds characters by the prefix of any word of their names (the first word of q; case and accents ignored), by status and owner.',
  })
  @ApiOkResponse({ type: StaffCharacterPageJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 400: '`Invalid form of body`: limit not 1–100, an unknown status, a malformed userId or cursor' })
  characters(@Query() query: CharacterSearchQuery): Promise<StaffCharacterPageJson> {
    return this.search.findCharacters(query);
  }

  @Get('users/:userId')
  @ApiOperation({ summary: 'A user’s dossier: links (current and past), characters, sanctions, notes, tags, latest audit events.' })
  @ApiParam({ name: 'userId' })
  @ApiOkResponse({ type: DossierJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 403: '`Forbidden`: MISSING_FULL_PERMISSIONS, or the caller’s own dossier (it holds notes about them)', 404: '`Unknown User`' })
  dossier(@CurrentUser() caller: Principal, @Param('userId', new ParseSnowflakePipe(() => new UnknownUser())) userId: string): Promise<DossierJson> {
    return this.dossiers.of(caller, userId);
  }
}
