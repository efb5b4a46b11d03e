import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipRateLimit } from '../access/access.decorators';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import type { Avatar3d } from '../game-platform/avatar-3d';
import { DEV_AVATAR_SIZES, type DevAvatarKind, devAvatar3d, renderDevAvatar } from './dev-thumbnails.art';

export const DEV_THUMBNAILS_PATH = 'dev/gameplatform/thumbnails';

const PLATFORM_USER_ID = /^[\w.@-]{1,64}$/;
const MAX_IDS = 100;
const MIN_SIDE = 30;
const MAX_SIDE = 1024;

class DevThumbnailsRequest extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

interface ThumbnailEntry {
  targetId: number | string;
  state: 'Completed';
  imageUrl: string;
}

/**
 * The development stand-in for the game platform's thumbnail service (decisions §3): the same
 * paths and answers as the real one, always `Completed`, with generated images.
 */
@ApiExcludeController()
@SkipRateLimit()
@Controller(DEV_THUMBNAILS_PATH)
export class DevThumbnailsController {
  private readonly base: string;

  constructor(config: AppConfig) {
    this.base = `${config.publicBaseUrl}/${DEV_THUMBNAILS_PATH}`;
  }

  @Get('v1/users/avatar')
  avatar(@Query('userIds') userIds: unknown, @Query('size') size: unknown): { data: ThumbnailEntry[] } {
    return { data: this.entries('avatar', userIds, size) };
  }

  @Get('v1/users/avatar-bust')
  avatarBust(@Query('userIds') userIds: unknown, @Query('size') size: unknown): { data: ThumbnailEntry[] } {
    return { data: this.entries('avatar-bust', userIds, size) };
  }

  @Get('v1/users/avatar-3d')
  avatar3d(@Query('userId') userId: unknown): ThumbnailEntry {
    const id = platformUserId(userId);
    return { targetId: targetIdOf(id), state: 'Completed', imageUrl: `${this.base}/3d/${encodeURIComponent(id)}.json` };
  }

  @Get('images/:kind/:file')
  async image(@Param('kind') kind: string, @Param('file') file: string): Promise<StreamableFile> {
    const match = /^(.+)-(\d{1,4})\.png$/.exec(file);
    if ((kind !== 'avatar' && kind !== 'avatar-bust') || !match) throw new DevThumbnailsRequest('Unknown image');
    const png = await renderDevAvatar(platformUserId(match[1]), kind, side(`${match[2]}x${match[2]}`, kind));
    return new StreamableFile(png, { type: 'image/png', length: png.length });
  }

  @Get('3d/:file')
  description(@Param('file') file: string): Avatar3d {
    const match = /^(.+)\.json$/.exec(file);
    if (!match) throw new DevThumbnailsRequest('Unknown description');
    return devAvatar3d(platformUserId(match[1]));
  }

  private entries(kind: DevAvatarKind, userIds: unknown, size: unknown): ThumbnailEntry[] {
    if (typeof userIds !== 'string') throw new DevThumbnailsRequest('userIds is required');
    const ids = userIds.split(',').map(platformUserId);
    if (ids.length > MAX_IDS) throw new DevThumbnailsRequest(`at most ${MAX_IDS} userIds`);
    const pixels = side(size, kind);
    return ids.map((id) => ({
      targetId: targetIdOf(id),
      state: 'Completed',
      imageUrl: `${this.base}/images/${kind}/${encodeURIComponent(id)}-${pixels}.png`,
    }));
  }
}

function platformUserId(value: unknown): string {
  if (typeof value !== 'string' || !PLATFORM_USER_ID.test(value)) throw new DevThumbnailsRequest('Invalid user id');
  return value;
}

/** Numeric ids are answered as numbers, as the real service does; others stay strings. */
function targetIdOf(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** `NxN` within bounds, or the kind's usual size when none is asked for. */
function side(size: unknown, kind: DevAvatarKind): number {
  if (size === undefined) return DEV_AVATAR_SIZES[kind];
  const match = typeof size === 'string' ? /^(\d{2,4})x(\d{2,4})$/.exec(size) : null;
  const pixels = match && match[1] === match[2] ? Number(match[1]) : NaN;
  if (!(pixels >= MIN_SIDE && pixels <= MAX_SIDE)) throw new DevThumbnailsRequest('Invalid size');
  return pixels;
}
