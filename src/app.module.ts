import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AccessModule } from './access/access.module';
import { ArchiveModule } from './archive/archive.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { SessionPrincipals } from './auth/session-principals';
import { BanksModule } from './banks/banks.module';
import { CacheModule } from './cache/cache.module';
import { CharactersModule } from './characters/characters.module';
import { ChatRolesModule } from './chat-roles/chat-roles.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { ProcessRole } from './config/process-role';
import { DatabaseModule } from './database/database.module';
import { DevProvidersModule } from './dev-providers/dev-providers.module';
import { EventsModule } from './events/events.module';
import { GamePlatformModule } from './game-platform/game-platform.module';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { ModerationModule } from './moderation/moderation.module';
import { SanctionStatusService } from './moderation/sanction-status.service';
import { MoneyModule } from './money/money.module';
import { OrganisationsModule } from './organisations/organisations.module';
import { ProfilesModule } from './profiles/profiles.module';
import { ReviewModule } from './review/review.module';
import { ServiceKeyAuthenticator } from './service-keys/service-key-authenticator';
import { ServiceKeysModule } from './service-keys/service-keys.module';
import { StaffModule } from './staff/staff.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The composition root: every module, and the access core wired to the modules that resolve principals. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, role = new ProcessRole(true)): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, role),
        LoggingModule,
        DatabaseModule,
        EventsModule,
        ...(role.serves ? [ScheduleModule.forRoot()] : []),
        MetricsModule,
        CacheModule,
        // Routes are matched in the order modules are found, one by one: the hottest reads
        // (health, images, nationalities and characters, the user) come first. No two
        // modules' routes match the same request, so the order changes nothing else.
        HealthModule,
        ImagesModule,
        CharactersModule,
        ProfilesModule,
        AuditModule,
        AuthModule,
        BanksModule,
        GamePlatformModule,
        MoneyModule,
        OrganisationsModule,
        ReviewModule,
        ModerationModule,
        StaffModule,
        WebhooksModule,
        ServiceKeysModule,
        ChatRolesModule,
        ArchiveModule,
        AccessModule.forRoot({
          imports: [AuthModule, ServiceKeysModule, ModerationModule],
          // A service key is recognised by its prefix; any other credential is a session's.
          resolvers: [ServiceKeyAuthenticator, SessionPrincipals],
          restrictions: SanctionStatusService,
        }),
        ...(config.devProviders && role.serves ? [DevProvidersModule] : []),
      ],
    };
  }
}
