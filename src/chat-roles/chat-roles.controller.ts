import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { UnknownUser } from '../common/errors/domain-error';
import { ParseSnowflakePipe } from '../common/ids';
import { Permission } from '../common/permissions/permission';
import { STAFF_ACCESS_ERRORS } from '../moderation/moderation.openapi';
import { STAFF_READERS } from '../moderation/moderation.policy';
import { ChatRoleSync } from './chat-role-sync.service';
import { RoleMappingsDto, RoleMappingsJson } from './role-mappings.dto';
import { RoleMappingsService } from './role-mappings.service';
import { UserSyncJson } from './user-sync.json';

const NOT_ADMINISTRATOR = { 401: '`Unauthorized`: no valid session or key', 403: '`MISSING_FULL_PERMISSIONS`: lacks `ADMINISTRATOR`' };

@ApiTags('chat roles')
@Controller()
export class ChatRolesController {
  constructor(
    private readonly mappings: RoleMappingsService,
    private readonly sync: ChatRoleSync,
  ) {}

  @Get('role-mappings')
  @Authenticated({ anyOf: [Permission.ADMINISTRATOR] })
  @ApiOperation({ summary: 'The chat role mappings and membership rules (`ADMINISTRATOR`)' })
  @ApiOkResponse({ type: RoleMappingsJson })
  @ApiErrors(NOT_ADMINISTRATOR)
  show(): Promise<RoleMappingsJson> {
    return this.mappings.show();
  }

  @Put('role-mappings')
  @Authenticated({ anyOf: [Permission.ADMINISTRATOR] })
  @ApiOperation({
    summary:
      'Replace the whole set of role mappings and membership rules (`ADMINISTRATOR`). Every mapping added, changed or removed may hold only bits the caller has; users’ synced bits follow at their next sync.',
  })
  @ApiOkResponse({ type: RoleMappingsJson })
  @ApiErrors({
    ...NOT_ADMINISTRATOR,
    400: '`Invalid form of body`: a malformed or repeated role id, a malformed bitfield, a missing field',
    403: '`MISSING_FULL_PERMISSIONS`, or `Forbidden`: a mapping added, changed or removed holds a bit the caller lacks (nothing changes)',
  })
  replace(@CurrentUser() caller: Principal, @Body() dto: RoleMappingsDto): Promise<RoleMappingsJson> {
    return this.mappings.replace(caller, dto);
  }

  @Post('users/:userId/sync')
  @HttpCode(200)
  @Authenticated({ anyOf: STAFF_READERS })
  @RateLimit(10)
  @ApiOperation({ summary: 'Sync a user’s chat roles now (`STAFF`); a provider failure changes nothing and answers `outcome: unavailable`' })
  @ApiParam({ name: 'userId' })
  @ApiOkResponse({ type: UserSyncJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 404: '`Unknown User`: no such user, or none with a chat account', 409: '`Chat Roles Off`: CHATAPP_API_URL is not configured' })
  syncUser(@CurrentUser() caller: Principal, @Param('userId', new ParseSnowflakePipe(() => new UnknownUser())) userId: string): Promise<UserSyncJson> {
    return this.sync.onRequest(caller, userId);
  }
}
