import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig } from '../config/config';
import { assertPng, PNG_LIMITS } from '../images/validation/png';
import { type Avatar3d, avatar3dSchema } from './avatar-3d';
import { fetchBytes, fetchJson, UpstreamError } from './upstream-fetch';

export type AvatarKind = 'avatar' | 'avatar-bust';

/** Path and requested size of each 2D thumbnail (decisions §4.12). */
const AVATAR_THUMBNAILS: Record<AvatarKind, { path: string; size: string }> = {
  avatar: { path: '/v1/users/avatar', size: '720x720' },
  'avatar-bust': { path: '/v1/users/avatar-bust', size: '420x420' },
};

export interface ThumbnailRetryOptions {
  /** How long `Pending` answers are retried in all, counted from the first request. */
  pendingBudgetMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const THUMBNAIL_RETRY = Symbol('THUMBNAIL_RETRY');
export const DEFAULT_THUMBNAIL_RETRY: ThumbnailRetryOptions = { pendingBudgetMs: 10_000, firstDelayMs: 250, maxDelayMs: 2_000 };

const JSON_MAX_BYTES = 1024 * 1024;

const entrySchema = z.object({
  targetId: z.union([z.string(), z.number()]),
  state: z.string(),
  imageUrl: z.string().nullish(),
});
type ThumbnailEntry = z.infer<typeof entrySchema>;
const batchSchema = z.object({ data: z.array(entrySchema).min(1) });

/**
 * Reads the game platform's thumbnail service. Every failure, whatever its kind, is an
 * UpstreamError whose message says what went wrong.
 */
@Injectable()
export class ThumbnailClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly imageOrigins: ReadonlySet<string>;

  constructor(
    config: AppConfig,
    @Inject(THUMBNAIL_RETRY) private readonly retry: ThumbnailRetryOptions,
  ) {
    this.base = config.gameplatformThumbnailsUrl;
    this.timeoutMs = config.upstreamTimeoutMs;
    this.imageOrigins = new Set(config.gameplatformImageOrigins);
  }

  /** The validated PNG of the platform user's avatar. */
  async avatarPng(kind: AvatarKind, targetId: string): Promise<Buffer> {
    const { path, size } = AVATAR_THUMBNAILS[kind];
    const url = this.endpoint(path, { userIds: targetId, size, format: 'Png' });
    const imageUrl = await this.completedImageUrl(url, (body) => {
      const first = parse(batchSchema, body, 'thumbnail answer').data[0];
      return matching(first, targetId);
    });
    const png = await fetchBytes(imageUrl, { timeoutMs: this.timeoutMs, maxBytes: PNG_LIMITS.maxBytes }, 'image/png');
    await assertPng(png).catch((error: Error) => {
      throw new UpstreamError(`image ${error.message}`);
    });
    return png;
  }

  /** The platform user's 3D description, exactly in the contract's shape. */
  async avatar3d(targetId: string): Promise<Avatar3d> {
    const url = this.endpoint('/v1/users/avatar-3d', { userId: targetId });
    const imageUrl = await this.completedImageUrl(url, (body) => matching(parse(entrySchema, body, '3D answer'), targetId));
    const description = await fetchJson(imageUrl, { timeoutMs: this.timeoutMs, maxBytes: JSON_MAX_BYTES });
    return parse(avatar3dSchema, description, '3D description');
  }

  /** Asks until the thumbnail is `Completed`, retrying `Pending` with backoff within the budget. */
  private async completedImageUrl(url: string, entryOf: (body: unknown) => ThumbnailEntry): Promise<string> {
    const deadline = Date.now() + this.retry.pendingBudgetMs;
    let delay = this.retry.firstDelayMs;
    for (;;) {
      // Capped by what is left of the budget, so a late retry cannot stretch it by a whole timeout.
      const timeoutMs = Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
      const entry = entryOf(await fetchJson(url, { timeoutMs, maxBytes: JSON_MAX_BYTES }));
      if (entry.state === 'Completed') return this.allowedImageUrl(entry.imageUrl);
      if (entry.state !== 'Pending') throw new UpstreamError(`thumbnail state is ${JSON.stringify(entry.state)}`);
      if (Date.now() + delay >= deadline) throw new UpstreamError(`still Pending after ${this.retry.pendingBudgetMs} ms`);
      await sleep(delay);
      delay = Math.min(delay * 2, this.retry.maxDelayMs);
    }
  }

  /** Only from the configured origins, so the platform's answer cannot aim our requests elsewhere. */
  private allowedImageUrl(value: string | null | undefined): string {
    let url: URL;
    try {
      url = new URL(value ?? '');
    } catch {
      throw new UpstreamError('imageUrl is not a URL');
    }
    if (!this.imageOrigins.has(url.origin)) throw new UpstreamError(`imageUrl origin ${url.origin} is not allowed`);
    return url.toString();
  }

  private endpoint(path: string, query: Record<string, string>): string {
    return `${this.base}${path}?${new URLSearchParams(query).toString()}`;
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UpstreamError(`${what} is malformed at "${issue.path.join('.')}": ${issue.message}`);
  }
  return result.data;
}

// The platform's ids are plain integers, well within what a JSON number holds exactly.
function matching(entry: ThumbnailEntry, targetId: string): ThumbnailEntry {
  if (String(entry.targetId) !== targetId) throw new UpstreamError('answered for another user');
  return entry;
}
