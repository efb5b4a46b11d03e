import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, LessThan } from 'typeorm';
import { PrincipalVersions } from '../cache/principal-versions';
import { EntityRows } from '../infrastructure/entity-rows';
import { SessionEntity } from './session.entity';

export type NewSession = Omit<SessionEntity, 'createdAt' | 'rotatedAt' | 'revokedAt' | 'successorSealed'>;

/** The one way to the `sessions` table; a change to a user's sessions moves the user's principal version. */
@Injectable()
export class SessionsRepository {
  private readonly rows: EntityRows<SessionEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: PrincipalVersions,
  ) {
    this.rows = EntityRows.of(dataSource, SessionEntity);
  }

  /** Read on every authenticated request: hand-written SQL (see EntityRows). */
  async findByHash(column: 'accessTokenHash' | 'refreshTokenHash', hash: string): Promise<SessionEntity | null> {
    const [session] = await this.rows.findBy(this.dataSource.manager, column, hash);
    return session ?? null;
  }

  findById(id: string): Promise<SessionEntity | null> {
    return this.dataSource.manager.findOneBy(SessionEntity, { id });
  }

  async insert(manager: EntityManager, session: NewSession): Promise<void> {
    await manager.insert(SessionEntity, session);
  }

  /** Marks the session rotated, only if nobody rotated or revoked it first; whether this call did. */
  async claimRotation(manager: EntityManager, session: SessionEntity, successorSealed: string): Promise<boolean> {
    const claimed = await manager.update(SessionEntity, { id: session.id, rotatedAt: IsNull(), revokedAt: IsNull() }, { rotatedAt: new Date(), successorSealed });
    if (claimed.affected) await this.versions.moved(manager, [session.userId]);
    return Boolean(claimed.affected);
  }

  /** The live sessions of the user, or of one family of the user's sessions, revoked. */
  async revoke(manager: EntityManager, where: { userId: string; familyId?: string }): Promise<void> {
    await manager.update(SessionEntity, { ...where, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.versions.moved(manager, [where.userId]);
  }

  /** The user's live sessions renew on their next request. */
  async deactivateOfUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(SessionEntity, { userId, active: true, rotatedAt: IsNull(), revokedAt: IsNull() }, { active: false });
    await this.versions.moved(manager, [userId]);
  }

  async deleteExpired(manager: EntityManager, now: Date): Promise<number> {
    return (await manager.delete(SessionEntity, { refreshExpiresAt: LessThan(now) })).affected ?? 0;
  }
}
