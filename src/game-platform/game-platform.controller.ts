import { applyDecorators, Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Authenticated, CurrentUser, PathUserId, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import type { Avatar3d } from './avatar-3d';
import { Avatar3dDto, AvatarImageDto } from './game-platform.dto';
import { GamePlatformAvatars } from './game-platform.service';
import type { AvatarKind } from './thumbnail-client';

/** The errors every avatar endpoint shares; `failure` is the endpoint's own 500 text. */
function ApiAvatarErrors(failure: string) {
  return applyDecorators(
    ApiUnauthorizedResponse({ description: '`Unauthorized`: no valid session' }),
    ApiForbiddenResponse({
      description:
        '`Unauthorized`: `userId` is not the caller (whether that user exists or not, or the id is malformed) · ' +
        '`Forbidden`: no linked `gameplatform` account',
    }),
    ApiTooManyRequestsResponse({ description: '`Too Many Requests`: more than 5 calls a minute' }),
    ApiInternalServerErrorResponse({ description: failure }),
  );
}

/** JSON or PNG answer of the 2D avatars, chosen by `download`. */
function ApiAvatarImage(summary: string) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiQuery({ name: 'download', required: false, type: String, description: '`true` answers the PNG itself; anything else the JSON' }),
    ApiProduces('application/json', 'image/png'),
    ApiOkResponse({
      description: 'The stored image\'s address, or with `download=true` the PNG bytes (nothing is stored then).',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(AvatarImageDto) } },
        'image/png': { schema: { type: 'string', format: 'binary' } },
      },
    }),
    // The contract's text for both images (see AvatarUnavailable).
    ApiAvatarErrors(
      "`Could not retrieve the user's avatar-bust`: the thumbnail service failed or sent an unusable image · " +
        '`Internal Server Error`: the PNG could not be sent',
    ),
  );
}

@ApiTags('gameplatform')
@ApiExtraModels(AvatarImageDto)
@ApiParam({ name: 'userId', type: String, description: 'the caller\'s own user id, or `@me`' })
@Controller('users/:userId/gameplatform')
@Authenticated()
@RateLimit(5)
export class GamePlatformController {
  constructor(private readonly avatars: GamePlatformAvatars) {}

  @Get('avatar')
  @ApiAvatarImage('The caller\'s full-body game-platform avatar, 720×720 PNG')
  @Header('X-Content-Type-Options', 'nosniff')
  avatar(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Query('download') download: unknown,
  ): Promise<AvatarImageDto | StreamableFile> {
    return this.image(caller, userId, 'avatar', download);
  }

  @Get('avatar-bust')
  @ApiAvatarImage('The caller\'s upper-body game-platform avatar, 420×420 PNG')
  @Header('X-Content-Type-Options', 'nosniff')
  avatarBust(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Query('download') download: unknown,
  ): Promise<AvatarImageDto | StreamableFile> {
    return this.image(caller, userId, 'avatar-bust', download);
  }

  @Get('avatar-3d')
  @ApiOperation({ summary: 'The caller\'s game-platform 3D avatar description' })
  @ApiOkResponse({ type: Avatar3dDto, description: 'The platform\'s 3D description: file references, camera and bounding box.' })
  @ApiAvatarErrors("`Could not retrieve the user's avatar-3d`: the thumbnail service failed or sent unusable data")
  avatar3d(@CurrentUser() caller: Principal, @PathUserId() userId: string): Promise<Avatar3d> {
    return this.avatars.avatar3d(caller.id, userId);
  }

  private async image(caller: Principal, userId: string, kind: AvatarKind, download: unknown): Promise<AvatarImageDto | StreamableFile> {
    if (download === 'true') {
      const png = await this.avatars.avatarPng(caller.id, userId, kind);
      return new StreamableFile(png, { type: 'image/png', length: png.length });
    }
    return { imageUrl: await this.avatars.storedAvatarUrl(caller.id, userId, kind) };
  }
}
