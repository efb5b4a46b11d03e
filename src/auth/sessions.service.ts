import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { UserEntity } from '../users/user.entity';
import { AuthError } from './auth.errors';
import type { SessionUser } from './session-user';
import { SessionEntity } from './session.entity';
import { hashToken, newToken, tokenUserId } from './tokens';

export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 8 * 24 * 60 * 60 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly ids: IdGenerator,
    private readonly tx: TransactionRunner,
  ) {}

  /** Starts a new session for the user and returns its token pair. */
  async issue(userId: string, client: ClientInfo = {}): Promise<TokenPair> {
    const pair = { accessToken: newToken(userId), refreshToken: newToken(userId) };
    const now = Date.now();
    const id = this.ids.next();
    await this.tx.run((manager) =>
      manager.insert(SessionEntity, {
        id,
        familyId: id,
        userId,
        accessTokenHash: hashToken(pair.accessToken),
        refreshTokenHash: hashToken(pair.refreshToken),
        accessExpiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
        refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
        active: true,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      }),
    );
    return pair;
  }

  /** Resolves an access token to its user, or throws the contract's authentication error. */
  async authenticate(accessToken: string): Promise<SessionUser> {
    const userId = tokenUserId(accessToken);
    if (!userId) throw new AuthError('INVALID_TOKEN_STRUCTURE');
    const session = await this.sessions.findOneBy({ accessTokenHash: hashToken(accessToken) });
    if (!session || session.revokedAt || session.rotatedAt || session.accessExpiresAt.getTime() <= Date.now()) {
      throw new AuthError('INVALID_TOKEN');
    }
    if (session.userId !== userId) throw new AuthError('FAILED_TOKEN_UID_MISSMATCH');
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new AuthError('USER_NOT_FOUND');
    return { id: user.id, permissions: user.permissions };
  }
}
