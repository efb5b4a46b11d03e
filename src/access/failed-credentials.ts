import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import { clientKey } from './rate-limit.guard';

/** Failed credential presentations a client IP may make in a minute (decisions §13). */
export const FAILED_CREDENTIALS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
/** Blocked clients this process remembers; expired ones are dropped first, then the oldest. */
const MAX_BLOCKED = 10_000;

export class TooManyFailedCredentials extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, 'Too Many Requests', { code: 'RATE_LIMITED', headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

/**
 * Failed token, Bearer and `rpk_` presentations, counted per client IP (grouped as in §7) in the
 * rate limits' shared storage, so every instance adds to one count. A client over the limit is
 * refused from this process's memory, before any lookup: guessing keys costs a database nothing.
 */
@Injectable()
export class FailedCredentials {
  /** Client key → when its block ends (ms). */
  private readonly blocked = new Map<string, number>();

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  refuseBlocked(request: Request): void {
    if (!this.config.rateLimits.enabled) return;
    const key = clientKey(request.ip);
    const until = this.blocked.get(key);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw new TooManyFailedCredentials(Math.ceil(left / 1000));
    this.blocked.delete(key);
  }

  async count(request: Request): Promise<void> {
    if (!this.config.rateLimits.enabled) return;
    const key = clientKey(request.ip);
    // Blocked once the count reaches the limit, so the presentation after the last allowed one is refused unread.
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      `${this.config.redisKeyPrefix}failed-credentials:${key}`,
      MINUTE_MS,
      FAILED_CREDENTIALS_PER_MINUTE - 1,
      MINUTE_MS,
      'failed-credentials',
    );
    if (isBlocked) this.block(key, Date.now() + Math.max(1, timeToBlockExpire) * 1000);
  }

  private block(key: string, until: number): void {
    if (this.blocked.size >= MAX_BLOCKED) {
      const now = Date.now();
      for (const [other, end] of this.blocked) if (end <= now) this.blocked.delete(other);
      if (this.blocked.size >= MAX_BLOCKED) this.blocked.delete(this.blocked.keys().next().value!);
    }
    this.blocked.set(key, until);
  }
}
