import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BanksModule } from './banks/banks.module';
import { CacheModule } from './cache/cache.module';
import { CharactersModule } from './characters/characters.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DevProvidersModule } from './dev-providers/dev-providers.module';
import { GamePlatformModule } from './game-platform/game-platform.module';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { MoneyModule } from './money/money.module';
import { ModerationModule } from './moderation/moderation.module';
import { ReviewModule } from './review/review.module';
import { StaffModule } from './staff/staff.module';
import { UsersModule } from './users/users.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        ScheduleModule.forRoot(),
        MetricsModule,
        CacheModule,
        // Routes are matched in the order modules are found, one by one: the hottest reads
        // (health, images, nationalities and characters, the user) come first. No two
        // modules' routes match the same request, so the order changes nothing else.
        HealthModule,
        ImagesModule,
        CharactersModule,
        UsersModule,
        AuditModule,
        AuthModule,
        BanksModule,
        GamePlatformModule,
        MoneyModule,
        ReviewModule,
        ModerationModule,
        StaffModule,
        WebhooksModule,
        ...(config.devProviders ? [DevProvidersModule] : []),
      ],
    };
  }
}
