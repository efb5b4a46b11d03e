import { Injectable } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { UserRecords } from '../users/user-records.service';
import { AuthError } from '../access/access.errors';
import type { Credentials } from '../access/credentials';
import type { Principal } from '../access/principal';
import { hashToken } from '../common/secrets';
import type { UserEntity } from '../users/user.entity';
import { RecentSessions } from './recent-sessions';
import type { SessionEntity } from './session.entity';
import { type ClientInfo, SessionsService, type TokenPair } from './sessions.service';
import { tokenUserId } from './tokens';

/** An access token this close to its expiry is renewed (spec, Automatic renewal). */
export const RENEWAL_WINDOW_MS = 5 * 60 * 1000;

export interface Authentication {
  user: Principal;
  /** Set when the request's pair was renewed: the response must carry these cookies. */
  renewed?: TokenPair;
}

/** The session an access token presents, with its user's row when a current copy had it. */
interface Presented {
  session: SessionEntity;
  user?: UserEntity;
  /** Where the rows, once read, are kept: the token's hash and the version read before them. */
  keepAs?: { accessTokenHash: string; version: string };
}

/** Turns a request's credentials into its user, renewing the pair when the contract says so. */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UserRecords,
    private readonly metrics: MetricsService,
    private readonly recent: RecentSessions,
  ) {}

  /** `client` is asked for only when the pair is renewed: reading the address behind proxies is not free. */
  async authenticate(credentials: Credentials, client: () => ClientInfo): Promise<Authentication> {
    const { accessToken, refreshToken, bearer } = credentials;
    if (accessToken === undefined) {
      if (refreshToken === undefined) throw new AuthError('UNAUTHENTICATED');
      // Browsers drop the 24-hour access cookie; the 8-day refresh cookie keeps the user in.
      return this.renew(refreshToken, undefined, client);
    }
    const presented = await this.presented(accessToken, refreshToken);
    const { session } = presented;
    const now = Date.now();
    const dead = session.rotatedAt !== null || session.accessExpiresAt.getTime() <= now;
    if (bearer) {
      // A Bearer token is never renewed (decisions §4.7): an inactive one must sign in again.
      if (dead) throw new AuthError('INVALID_TOKEN');
      if (!session.active) throw new AuthError('FAILED_TOKEN_RENEWAL');
      return { user: await this.userOf(presented) };
    }
    const stale = !session.active || session.accessExpiresAt.getTime() - now <= RENEWAL_WINDOW_MS;
    if (!dead && !stale) return { user: await this.userOf(presented) };
    if (refreshToken === undefined) throw new AuthError(dead ? 'INVALID_TOKEN' : 'FAILED_TOKEN_RENEWAL');
    return this.renew(refreshToken, session.id, client);
  }

  /**
   * The access token's session: a current copy's when there is one (and the refresh token beside
   * it, if any, is its own: another may be a replay, which only the full path refuses), else read.
   */
  private async presented(accessToken: string, refreshToken: string | undefined): Promise<Presented> {
    const userId = tokenUserId(accessToken);
    const version = userId ? await this.recent.versionOf(userId) : undefined;
    if (version === undefined) return { session: await this.sessionOf(accessToken, refreshToken) };
    const accessTokenHash = hashToken(accessToken);
    const copy = this.recent.find(accessTokenHash, version);
    if (copy && (refreshToken === undefined || hashToken(refreshToken) === copy.session.refreshTokenHash)) return copy;
    return { session: await this.sessionOf(accessToken, refreshToken), keepAs: { accessTokenHash, version } };
  }

  /**
   * The access token's session. The refresh token beside it is looked up in the same query: a
   * replayed one revokes its family before the access token, valid or not, is even considered.
   */
  private async sessionOf(accessToken: string, refreshToken: string | undefined): Promise<SessionEntity> {
    const userId = tokenUserId(accessToken);
    const { access: session, refresh } = await this.sessions.findPresented(userId && accessToken, refreshToken);
    if (refresh) await this.sessions.refuseReplay(refresh);
    if (!userId) throw new AuthError('INVALID_TOKEN_STRUCTURE');
    if (!session) throw new AuthError('INVALID_TOKEN');
    if (session.userId !== userId) throw new AuthError('FAILED_TOKEN_UID_MISSMATCH');
    if (session.revokedAt) throw new AuthError('INVALID_TOKEN');
    return session;
  }

  private async renew(refreshToken: string, expectedSessionId: string | undefined, client: () => ClientInfo): Promise<Authentication> {
    const session = await this.sessions.findRenewable(refreshToken, expectedSessionId);
    const user = await this.userOf({ session });
    const renewed = await this.sessions.rotate(session, refreshToken, client());
    this.metrics.sessionRenewals.inc();
    return { user, renewed };
  }

  private async userOf({ session, user, keepAs }: Presented): Promise<Principal> {
    const row = user ?? (await this.users.find(session.userId));
    if (!row) throw new AuthError('USER_NOT_FOUND');
    if (keepAs) this.recent.keep(keepAs.accessTokenHash, keepAs.version, { session, user: row });
    return this.users.principalFrom(row);
  }
}
