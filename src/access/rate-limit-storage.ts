import type { OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { DependencyGate } from '../common/dependency-gate';
import { OutageLog } from '../common/outage-log';

/** How often a client waiting to reconnect tries again, at most. */
const MAX_RECONNECT_DELAY_MS = 2000;
/** After a failed command, how long requests count in memory before one tries Redis again (DependencyGate). */
const SHARED_RETRY_MS = 2000;

/**
 * Rate-limit counters in Redis, shared by every instance; while Redis does not answer (within its
 * command timeout), in this instance's memory, so requests go on being counted and served
 * (decisions §13). Nothing queues for a Redis that is away: a command fails at once while
 * disconnected, and after a failure no request waits on Redis until SHARED_RETRY_MS have passed,
 * then one at a time until it answers.
 */
export class RateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly memory = new ThrottlerStorageService();
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorage;
  private readonly outage = new OutageLog('Redis');
  private readonly gate = new DependencyGate('Redis', this.outage, SHARED_RETRY_MS);

  constructor(url: string, commandTimeoutMs: number) {
    // Loaded only when Redis is configured, like every Redis client here.
    const { default: IORedis } = require('ioredis') as typeof import('ioredis');
    const { ThrottlerStorageRedisService } = require('@nest-lab/throttler-storage-redis') as typeof import('@nest-lab/throttler-storage-redis');
    this.redis = new IORedis(url, {
      enableOfflineQueue: false,
      commandTimeout: commandTimeoutMs,
      connectTimeout: commandTimeoutMs,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
    });
    this.redis.on('error', (error: Error) => this.outage.failed(error));
    this.redis.on('ready', () => this.outage.answered());
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ReturnType<ThrottlerStorage['increment']> {
    if (this.redis.status === 'ready') {
      try {
        return await this.gate.call(() => this.shared.increment(key, ttl, limit, blockDuration, throttlerName));
      } catch {
        // Counted in memory below.
      }
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
    this.redis.disconnect(false);
  }
}
