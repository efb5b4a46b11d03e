import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { AppConfig } from '../config/config';
import { RateLimitGuard } from './rate-limit.guard';

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimits.defaultPerMinute }],
        skipIf: () => !config.rateLimits.enabled,
        storage: config.redisUrl
          ? new ThrottlerStorageRedisService(config.redisUrl, { maxRetriesPerRequest: 2 })
          : undefined,
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
