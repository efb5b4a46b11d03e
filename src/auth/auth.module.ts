import { forwardRef, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { SanctionStatusModule } from '../moderation/sanction-status.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ServiceKeysModule } from '../service-keys/service-keys.module';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from './access.guard';
import { BindingCookie } from './oauth/binding-cookie';
import { OAuthAccountsService } from './oauth/oauth-accounts.service';
import { OAuthClients } from './oauth/oauth-client';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthService } from './oauth/oauth.service';
import { RedirectAllowlist } from './oauth/redirect-allowlist';
import { ProviderLinkEntity } from './provider-link.entity';
import { ProviderLinksController } from './provider-links.controller';
import { ProviderLinksService } from './provider-links.service';
import { SessionAuthenticator } from './session-authenticator';
import { SessionCookies } from './session-cookies';
import { SessionEntity } from './session.entity';
import { SESSION_STRATEGY_NAME, SessionStrategy } from './session.strategy';
import { SessionsService } from './sessions.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity, ProviderLinkEntity]),
    RateLimitModule,
    ServiceKeysModule,
    SanctionStatusModule,
    forwardRef(() => UsersModule),
  ],
  controllers: [OAuthController, ProviderLinksController],
  providers: [
    { provide: SESSION_STRATEGY_NAME, useFactory: () => `session-token:${randomUUID()}` },
    SessionsService,
    ProviderLinksService,
    SessionAuthenticator,
    SessionCookies,
    BindingCookie,
    SessionStrategy,
    OAuthClients,
    OAuthAccountsService,
    OAuthService,
    RedirectAllowlist,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionsService, OAuthAccountsService, ProviderLinksService],
})
export class AuthModule {}
