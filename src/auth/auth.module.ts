import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatRolesModule } from '../chat-roles/chat-roles.module';
import { ModerationModule } from '../moderation/moderation.module';
import { UsersModule } from '../users/users.module';
import { BindingCookie } from './oauth/binding-cookie';
import { OAuthAccountsService } from './oauth/oauth-accounts.service';
import { OAuthClients } from './oauth/oauth-client';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthService } from './oauth/oauth.service';
import { RedirectAllowlist } from './oauth/redirect-allowlist';
import { ProviderLinkEntity } from './provider-link.entity';
import { ProviderLinksController } from './provider-links.controller';
import { ProviderLinksService } from './provider-links.service';
import { RecentSessions } from './recent-sessions';
import { SessionAuthenticator } from './session-authenticator';
import { SessionCookies } from './session-cookies';
import { SessionPrincipals } from './session-principals';
import { SessionReactions } from './session-reactions';
import { SessionEntity } from './session.entity';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { UserNameTermEntity } from './user-name-term.entity';

/** Sign-in (OAuth), provider links and sessions; `SessionPrincipals` resolves the access core's principals. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, ProviderLinkEntity, UserNameTermEntity]), UsersModule, ModerationModule, ChatRolesModule],
  controllers: [OAuthController, ProviderLinksController],
  providers: [
    SessionsRepository,
    SessionsService,
    SessionReactions,
    ProviderLinksService,
    SessionAuthenticator,
    RecentSessions,
    SessionCookies,
    SessionPrincipals,
    BindingCookie,
    OAuthClients,
    OAuthAccountsService,
    OAuthService,
    RedirectAllowlist,
  ],
  exports: [SessionPrincipals, OAuthAccountsService, ProviderLinksService],
})
export class AuthModule {}
