import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import passport from 'passport';
import { ServiceKeyAuthenticator } from '../service-keys/service-key-authenticator';
import { KEY_PREFIX } from '../service-keys/service-key-tokens';
import { AuthError, type AuthCode } from './auth.errors';
import { SessionAuthenticator } from './session-authenticator';
import { SessionCookies } from './session-cookies';
import { credentialsOf } from './session-credentials';
import type { SessionUser } from './session-user';

/**
 * Passport keeps strategies in one process-wide registry; each application registers its own
 * under a unique name, so two applications in one process (tests, tools) never swap databases.
 */
export const SESSION_STRATEGY_NAME = Symbol('SESSION_STRATEGY_NAME');

type Done = (error: unknown, user?: unknown) => void;

/** The smallest passport strategy: hands the request to the verify callback. */
class RequestStrategy {
  // Passport defines these on the per-request copy of the strategy it makes.
  declare success: (user: unknown) => void;
  declare fail: () => void;
  declare error: (error: unknown) => void;

  constructor(
    readonly name: string,
    private readonly verify: (request: Request, done: Done) => void,
  ) {}

  authenticate(request: Request): void {
    this.verify(request, (error, user) => (error ? this.error(error) : user ? this.success(user) : this.fail()));
  }
}

/** These failures mean the cookies can never work again, so the response removes them. */
const CLEARS_COOKIES = new Set<AuthCode>(['INVALID_TOKEN', 'FAILED_TOKEN_RENEWAL']);

/** Session cookies or a Bearer token, renewed on the same response when due; or a service key. */
@Injectable()
export class SessionStrategy extends PassportStrategy(RequestStrategy) implements OnModuleDestroy {
  constructor(
    @Inject(SESSION_STRATEGY_NAME) name: string,
    private readonly authenticator: SessionAuthenticator,
    private readonly cookies: SessionCookies,
    private readonly serviceKeys: ServiceKeyAuthenticator,
  ) {
    super(name);
  }

  async validate(request: Request): Promise<SessionUser> {
    const credentials = credentialsOf(request);
    // A game server's key (decisions §8) is a principal of its own, never a session.
    if (credentials.bearer && typeof credentials.accessToken === 'string' && credentials.accessToken.startsWith(KEY_PREFIX)) {
      return this.serviceKeys.authenticate(credentials.accessToken);
    }
    try {
      const { user, renewed } = await this.authenticator.authenticate(credentials, () => ({
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }));
      if (renewed) this.cookies.write(request.res!, renewed);
      return user;
    } catch (error) {
      if (!credentials.bearer && error instanceof AuthError && CLEARS_COOKIES.has(error.code)) {
        this.cookies.clear(request.res!);
      }
      throw error;
    }
  }

  onModuleDestroy(): void {
    passport.unuse(this.name);
  }
}
