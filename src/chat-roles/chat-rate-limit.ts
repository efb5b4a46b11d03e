import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';

/** Longer waits than this are the provider's mistake: we try again after it, not after hours. */
const MAX_WAIT_MS = 10 * 60_000;

/**
 * The chat provider's rate limit as its answers describe it: a 429's `retry_after` (seconds, in
 * the body or the `Retry-After` header) and `X-RateLimit-Remaining: 0` with
 * `X-RateLimit-Reset-After` hold back every call of this process until then.
 */
@Injectable()
export class ChatRateLimit {
  private blockedUntil = 0;

  remainingMs(): number {
    return Math.max(0, this.blockedUntil - Date.now());
  }

  /** Waits for the limit to pass, unless it passes after `deadline`: then answers false at once. */
  async waitUntilAllowed(deadline: number): Promise<boolean> {
    for (let until = this.blockedUntil; until > Date.now(); until = this.blockedUntil) {
      if (until > deadline) return false;
      await sleep(until - Date.now(), undefined, { ref: false });
    }
    return true;
  }

  observe(status: number, headers: Headers, body: Buffer): void {
    if (status === 429) this.holdFor(retryAfterSeconds(headers, body) ?? 1);
    const remaining = headers.get('x-ratelimit-remaining');
    const resetAfter = seconds(headers.get('x-ratelimit-reset-after'));
    if (remaining !== null && Number(remaining) <= 0 && resetAfter !== undefined) this.holdFor(resetAfter);
  }

  private holdFor(secondsToWait: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, Date.now() + Math.min(secondsToWait * 1000, MAX_WAIT_MS));
  }
}

function retryAfterSeconds(headers: Headers, body: Buffer): number | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { retry_after?: unknown };
    const fromBody = seconds(typeof parsed?.retry_after === 'number' ? String(parsed.retry_after) : null);
    if (fromBody !== undefined) return fromBody;
  } catch {
    // no JSON body: the header may still say
  }
  return seconds(headers.get('retry-after'));
}

function seconds(value: string | null): number | undefined {
  if (value === null || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
}
