import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuthError, type AuthCode } from '../access/access.errors';
import type { PrincipalResolver } from '../access/access.ports';
import type { Credentials } from '../access/credentials';
import type { Principal } from '../access/principal';
import { SessionAuthenticator } from './session-authenticator';
import { SessionCookies } from './session-cookies';

/** These failures mean the cookies can never work again, so the response removes them. */
const CLEARS_COOKIES = new Set<AuthCode>(['INVALID_TOKEN', 'FAILED_TOKEN_RENEWAL']);

/** Session cookies or a Bearer session token, renewed on the same response when due. */
@Injectable()
export class SessionPrincipals implements PrincipalResolver {
  constructor(
    private readonly authenticator: SessionAuthenticator,
    private readonly cookies: SessionCookies,
  ) {}

  /** Every credential that is not another module's (a service key) is a session's. */
  accepts(): boolean {
    return true;
  }

  async resolve(request: Request, credentials: Credentials): Promise<Principal> {
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
}
