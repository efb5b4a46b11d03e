import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthError } from '../access/access.errors';
import { hashToken } from '../common/secrets';
import { ProcessRole } from '../config/process-role';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import type { SessionEntity } from './session.entity';
import { type NewSession, SessionsRepository } from './sessions.repository';
import { newToken, openSuccessor, sealSuccessor, tokenUserId } from './tokens';

export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 8 * 24 * 60 * 60 * 1000;
/** Requests presenting a just-rotated refresh token within this window get the same new pair. */
export const ROTATION_GRACE_MS = 30 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface PresentedSessions {
  access?: SessionEntity;
  refresh?: SessionEntity;
}

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

/** Session records: issuing, rotation with a grace window, revocation (decisions §4.4–4.5). */
@Injectable()
export class SessionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly ids: IdGenerator,
    private readonly tx: TransactionRunner,
    private readonly role: ProcessRole,
  ) {}

  /** Starts a new session (a new family) for the user and returns its token pair. */
  async issue(userId: string, client: ClientInfo = {}): Promise<TokenPair> {
    const pair = newPair(userId);
    const id = this.ids.next();
    await this.tx.run((manager) => this.sessions.insert(manager, sessionRecord(id, id, userId, pair, client)));
    return pair;
  }

  findByAccessToken(accessToken: string): Promise<SessionEntity | null> {
    return this.sessions.findByHash('accessTokenHash', hashToken(accessToken));
  }

  /**
   * The session a refresh token may renew, or FAILED_TOKEN_RENEWAL. A session already rotated is
   * returned too: `rotate` answers it from the grace window or treats it as stolen.
   */
  async findRenewable(refreshToken: string, expectedSessionId?: string): Promise<SessionEntity> {
    const userId = tokenUserId(refreshToken);
    if (!userId) throw new AuthError('FAILED_TOKEN_RENEWAL');
    const session = await this.sessions.findByHash('refreshTokenHash', hashToken(refreshToken));
    if (session) await this.refuseReplay(session);
    const usable =
      session &&
      session.userId === userId &&
      (!expectedSessionId || session.id === expectedSessionId) &&
      !session.revokedAt &&
      session.refreshExpiresAt.getTime() > Date.now();
    if (!usable) throw new AuthError('FAILED_TOKEN_RENEWAL');
    return session;
  }

  /**
   * The sessions of an access token and of a refresh token presented together. This runs on every
   * authenticated request, so it is hand-written SQL (see EntityRows), and the usual request, a
   * session's own pair, costs one lookup: the access token's session already shows whether the
   * refresh token is its own. Either token may be absent (missing, or of another shape).
   */
  async findPresented(accessToken: string | undefined, refreshToken: string | undefined): Promise<PresentedSessions> {
    const accessHash = accessToken === undefined ? null : hashToken(accessToken);
    const refreshHash = refreshToken !== undefined && tokenUserId(refreshToken) ? hashToken(refreshToken) : null;
    const access = (accessHash !== null && (await this.sessions.findByHash('accessTokenHash', accessHash))) || undefined;
    if (refreshHash === null) return { access };
    const refresh = access?.refreshTokenHash === refreshHash ? access : (await this.sessions.findByHash('refreshTokenHash', refreshHash)) ?? undefined;
    return { access, refresh };
  }

  /**
   * A rotated refresh token presented after the grace window was copied: the whole session
   * family is revoked and the request refused, whatever else came with it (decisions §4.5, §7).
   */
  async refuseReplay(refreshSession: SessionEntity): Promise<void> {
    if (!refreshSession.rotatedAt || withinGrace(refreshSession)) return;
    await this.revokeFamily(refreshSession);
    throw new AuthError('FAILED_TOKEN_RENEWAL');
  }

  /**
   * Replaces the session's pair by a new one in the same family. Of concurrent callers one
   * rotates (a conditional UPDATE); the others read the successor it sealed for them.
   */
  async rotate(session: SessionEntity, refreshToken: string, client: ClientInfo = {}): Promise<TokenPair> {
    if (session.rotatedAt) return this.successorOf(session, refreshToken);
    const pair = newPair(session.userId);
    const rotated = await this.tx.run(async (manager) => {
      if (!(await this.sessions.claimRotation(manager, session, sealSuccessor(refreshToken, pair)))) return false;
      await this.sessions.insert(manager, sessionRecord(this.ids.next(), session.familyId, session.userId, pair, client));
      return true;
    });
    if (rotated) return pair;
    const current = await this.sessions.findById(session.id);
    if (!current) throw new AuthError('FAILED_TOKEN_RENEWAL');
    return this.successorOf(current, refreshToken);
  }

  /** Revokes the whole family of the session these tokens belong to (sign-out of one browser). */
  async revokeFamilyOf(tokens: { accessToken?: string; refreshToken?: string }): Promise<void> {
    const session =
      (tokens.accessToken !== undefined && (await this.findByAccessToken(tokens.accessToken))) ||
      (tokens.refreshToken !== undefined && (await this.sessions.findByHash('refreshTokenHash', hashToken(tokens.refreshToken))));
    if (session) await this.revokeFamily(session);
  }

  async revokeAllOfUser(userId: string): Promise<void> {
    await this.tx.run((manager) => this.sessions.revoke(manager, { userId }));
  }

  /**
   * Marks the user's live sessions inactive so each renews on its next request (permission
   * change), in the caller's transaction so the change and the marking commit together.
   */
  deactivateOfUser(manager: EntityManager, userId: string): Promise<void> {
    return this.sessions.deactivateOfUser(manager, userId);
  }

  /** Drops records whose refresh token has expired: nothing can use or replay them any more. */
  async sweepExpired(now = new Date()): Promise<number> {
    return this.tx.run((manager) => this.sessions.deleteExpired(manager, now));
  }

  onApplicationBootstrap(): void {
    if (!this.role.serves) return;
    this.sweeper = setInterval(() => void this.sweepExpired().catch(() => undefined), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  private async successorOf(session: SessionEntity, refreshToken: string): Promise<TokenPair> {
    const inGrace = !session.revokedAt && withinGrace(session);
    const pair = inGrace && session.successorSealed ? openSuccessor(refreshToken, session.successorSealed) : undefined;
    if (!pair) {
      // A rotated refresh token seen after the grace window was copied: end the whole session.
      if (!inGrace) await this.revokeFamily(session);
      throw new AuthError('FAILED_TOKEN_RENEWAL');
    }
    const successor = await this.findByAccessToken(pair.accessToken);
    if (!successor || successor.revokedAt) throw new AuthError('FAILED_TOKEN_RENEWAL');
    return pair;
  }

  private async revokeFamily({ userId, familyId }: SessionEntity): Promise<void> {
    await this.tx.run((manager) => this.sessions.revoke(manager, { userId, familyId }));
  }
}

function withinGrace(rotated: SessionEntity): boolean {
  return Date.now() - rotated.rotatedAt!.getTime() <= ROTATION_GRACE_MS;
}

function newPair(userId: string): TokenPair {
  return { accessToken: newToken(userId), refreshToken: newToken(userId) };
}

function sessionRecord(id: string, familyId: string, userId: string, pair: TokenPair, client: ClientInfo): NewSession {
  const now = Date.now();
  return {
    id,
    familyId,
    userId,
    accessTokenHash: hashToken(pair.accessToken),
    refreshTokenHash: hashToken(pair.refreshToken),
    accessExpiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
    refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
    active: true,
    ip: client.ip?.slice(0, 64) ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  };
}
