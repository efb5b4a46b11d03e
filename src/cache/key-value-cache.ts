import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CACHE_MANAGER, type Cache } from '@nestjs/cache-manager';
import { SHORT_LIVED_STORE } from './cache.tokens';
import type { ShortLivedStore } from './short-lived-stores';

/**
 * Short-lived shared state (OAuth states, one-time codes) through cache-manager: bounded process
 * memory by default, Redis when `REDIS_URL` is set so every instance sees the same entries.
 */
@Injectable()
export class KeyValueCache implements OnApplicationShutdown {
  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    @Inject(SHORT_LIVED_STORE) private readonly store: ShortLivedStore,
  ) {}

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.answer(() => this.cache.set(key, value, ttlMs));
  }

  async get<T>(key: string): Promise<T | undefined> {
    return (await this.answer(() => this.cache.get<T>(key))) ?? undefined;
  }

  /** Reads and removes an entry; of concurrent callers, on any instance, only one gets it. */
  async take<T>(key: string): Promise<T | undefined> {
    return (await this.answer(() => this.store.take(key))) as T | undefined;
  }

  /** Throws when the shared store (Redis) does not answer; process memory always does. */
  ping(): Promise<void> {
    return this.answer(() => this.store.ping());
  }

  /** A store that fails or does not answer in time is a 503 (decisions §13), whatever the operation. */
  private answer<T>(operation: () => Promise<T>): Promise<T> {
    return this.store.bounded(operation);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
