import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, PathUserId, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { ParseSnowflakePipe } from '../common/ids';
import { ReasonDto } from '../common/reason.dto';
import { IssueSanctionDto } from './moderation.dto';
import { UnknownSanction } from './moderation.errors';
import { ISSUER_ACCESS_ERRORS } from './moderation.openapi';
import { SANCTION_ISSUERS } from './moderation.policy';
import { SanctionJson, SanctionListJson } from './moderation.presenter';
import { SanctionsService } from './sanctions.service';

@ApiTags('staff: sanctions')
@Controller()
@RateLimit(10)
export class SanctionsController {
  constructor(private readonly sanctions: SanctionsService) {}

  @Post('users/:userId/sanctions')
  @Authenticated({ anyOf: SANCTION_ISSUERS })
  @ApiOperation({
    summary: 'Ban, suspend or warn a user. A ban signs the user out everywhere at once and refuses their sign-ins; a suspension refuses every state change.',
  })
  @ApiParam({ name: 'userId' })
  @ApiCreatedResponse({ type: SanctionJson })
  @ApiErrors({ ...ISSUER_ACCESS_ERRORS, 400: '`Invalid form of body`: type, reason (1–500) or expiresAt (required; future ISO 8601 or null)', 404: '`Unknown User`' })
  issue(@CurrentUser() caller: Principal, @PathUserId() userId: string, @Body() body: IssueSanctionDto): Promise<SanctionJson> {
    return this.sanctions.issue(caller, userId, body);
  }

  @Get('users/:userId/sanctions')
  @Authenticated()
  @ApiOperation({ summary: 'A user’s sanctions, newest first, revoked and expired ones included: staff, or the user for their own.' })
  @ApiParam({ name: 'userId', description: 'A user id, or `@me`.' })
  @ApiOkResponse({ type: SanctionListJson })
  @ApiErrors({ 401: '`Unauthorized`', 403: '`Forbidden`: another user without STAFF, MODERATOR_CHIEF or ADMINISTRATOR', 404: '`Unknown User`' })
  list(@CurrentUser() caller: Principal, @PathUserId() userId: string): Promise<SanctionListJson> {
    return this.sanctions.list(caller, userId);
  }

  @Post('sanctions/:sanctionId/revoke')
  @HttpCode(200)
  @Authenticated({ anyOf: SANCTION_ISSUERS })
  @ApiOperation({ summary: 'Revokes a sanction; the record stays, with who revoked it and why. Follows the issuing rule.' })
  @ApiOkResponse({ type: SanctionJson })
  @ApiErrors({ ...ISSUER_ACCESS_ERRORS, 400: '`Invalid form of body`: reason (1–500)', 404: '`Unknown Sanction`', 409: '`Sanction Already Revoked`' })
  revoke(
    @CurrentUser() caller: Principal,
    @Param('sanctionId', new ParseSnowflakePipe(() => new UnknownSanction())) sanctionId: string,
    @Body() body: ReasonDto,
  ): Promise<SanctionJson> {
    return this.sanctions.revoke(caller, sanctionId, body.reason);
  }
}
