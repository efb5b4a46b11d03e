import { Body, Controller, Get, Patch, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Authenticated, CurrentUser, PathUserId } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { Permission } from '../common/permissions/permission';
import { UserJson } from './profile.presenter';
import { SetActiveCharacterDto, UpdateUserDto } from './profiles.dto';
import { ProfilesService } from './profiles.service';

const USER_ID_PARAM = { name: 'userId', description: 'A user id, or `@me` for the caller.' };

@ApiTags('users')
@ApiUnauthorizedResponse({ description: 'No valid session (`{error, code}`).' })
@Controller('users')
export class ProfilesController {
  constructor(private readonly users: ProfilesService) {}

  @Get(':userId')
  @Authenticated()
  @ApiOperation({ summary: 'A user; another user only with SERVICE_ADMINISTRATOR or DEVELOPER.' })
  @ApiParam(USER_ID_PARAM)
  @ApiQuery({ name: 'providers', required: false, description: '`true` adds `providers`.' })
  @ApiQuery({ name: 'signature', required: false, description: '`true` adds `signatureData` to the characters.' })
  @ApiOkResponse({ type: UserJson, description: 'The User resource.' })
  @ApiForbiddenResponse({ description: '`Forbidden`: another user without permission.' })
  @ApiNotFoundResponse({ description: '`Unknown User`.' })
  get(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Query('providers') providers: unknown,
    @Query('signature') signature: unknown,
  ): Promise<UserJson> {
    return this.users.profile(caller, userId, { withProviders: providers === 'true', withSignature: signature === 'true' });
  }

  @Patch(':userId')
  @Authenticated({ anyOf: [Permission.ADMINISTRATOR, Permission.DEVELOPER] })
  @ApiOperation({
    summary: "Change a user's permissions or maxCharacters (ADMINISTRATOR or DEVELOPER). Only bits the caller holds may change.",
  })
  @ApiParam(USER_ID_PARAM)
  @ApiOkResponse({ type: UserJson, description: 'The updated User.' })
  @ApiBadRequestResponse({ description: '`Invalid form of body` with `details`.' })
  @ApiForbiddenResponse({ description: 'MISSING_FULL_PERMISSIONS, or `Forbidden`: changing a bit the caller lacks.' })
  @ApiNotFoundResponse({ description: '`Unknown User`.' })
  update(@CurrentUser() caller: Principal, @PathUserId() userId: string, @Body() body: UpdateUserDto): Promise<UserJson> {
    return this.users.update(caller, userId, body);
  }

  @Put(':userId/active-character')
  @Authenticated()
  @ApiOperation({ summary: 'The owner picks one of their approved characters as active.' })
  @ApiParam(USER_ID_PARAM)
  @ApiOkResponse({ type: UserJson, description: 'The updated User.' })
  @ApiBadRequestResponse({ description: '`Invalid form of body` with `details`.' })
  @ApiForbiddenResponse({ description: '`Forbidden`: not the owner.' })
  @ApiNotFoundResponse({ description: '`Unknown Character`: no such character of this user.' })
  @ApiConflictResponse({ description: '`Character Not Approved`.' })
  setActiveCharacter(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Body() body: SetActiveCharacterDto,
  ): Promise<UserJson> {
    return this.users.setActiveCharacter(caller, userId, body.characterId);
  }
}
