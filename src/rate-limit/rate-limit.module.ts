import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { AppConfig } from '../config/config';
import { RateLimitGuard } from './rate-limit.guard';

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimits.defaultPerMinute }],
        skipIf: () => !config.rateLimits.enabled,
        storage: config.redisUrl ? redisStorage(config.redisUrl) : undefined,
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}

/** Loaded only when Redis is configured, like every Redis client here. */
function redisStorage(url: string): ThrottlerStorageRedisService {
  const { ThrottlerStorageRedisService: Storage } = require('@nest-lab/throttler-storage-redis') as typeof import('@nest-lab/throttler-storage-redis');
  return new Storage(url, { maxRetriesPerRequest: 2 });
}
