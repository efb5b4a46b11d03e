import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import { AppConfig } from '../config/config';

/**
 * Short-lived shared state (OAuth states, one-time codes): process memory by default, Redis when
 * `REDIS_URL` is set so every instance sees the same entries.
 */
@Injectable()
export class KeyValueCache implements OnApplicationShutdown {
  readonly store: Keyv;
  private readonly redis?: KeyvRedis<unknown>;

  constructor(config: AppConfig) {
    const namespace = `${config.redisKeyPrefix}cache`;
    this.redis = config.redisUrl ? new KeyvRedis(config.redisUrl) : undefined;
    this.store = this.redis ? new Keyv({ store: this.redis, namespace }) : new Keyv({ namespace });
  }

  /** Throws when the shared store (Redis) does not answer; process memory always does. */
  async ping(): Promise<void> {
    if (this.redis) await (await this.redis.getClient()).ping();
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.store.set(key, value, ttlMs);
  }

  async get<T>(key: string): Promise<T | undefined> {
    return (await this.store.get(key)) as T | undefined;
  }

  /**
   * Reads and removes an entry; of concurrent callers only the one whose delete removed it gets
   * the value, so a one-time entry is used once even across instances.
   */
  async take<T>(key: string): Promise<T | undefined> {
    const value = (await this.store.get(key)) as T | undefined;
    if (value === undefined) return undefined;
    return (await this.store.delete(key)) ? value : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.disconnect();
  }
}
