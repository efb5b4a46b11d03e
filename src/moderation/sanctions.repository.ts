import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, In, IsNull, type Repository } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { EntityRows } from '../infrastructure/entity-rows';
import { SanctionEntity, type SanctionType } from './sanction.entity';

/** Data access for sanctions. "Active" is decided here only: not revoked, not yet expired. */
@Injectable()
export class SanctionsRepository {
  constructor(
    @InjectRepository(SanctionEntity) private readonly sanctions: Repository<SanctionEntity>,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * The active bans and suspensions of one user. Read on every service-key request and every
   * state change, so hand-written SQL on the user's index (see EntityRows); a user has few sanctions.
   */
  async activeOfUser(userId: string, now = new Date()): Promise<SanctionEntity[]> {
    const manager = this.sanctions.manager;
    const all = await EntityRows.of(manager.connection, SanctionEntity).findBy(manager, 'userId', userId);
    return all.filter((sanction) => sanction.type !== 'warning' && sanction.revokedAt === null && (sanction.expiresAt === null || sanction.expiresAt > now));
  }

  /** Active sanctions of these types held by any of the users, newest first. */
  active(userIds: string[], types: SanctionType[], now = new Date(), manager?: EntityManager): Promise<SanctionEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return (manager ?? this.sanctions.manager)
      .createQueryBuilder(SanctionEntity, 'sanction')
      .where({ userId: In(userIds), type: In(types), revokedAt: IsNull() })
      .andWhere(new Brackets((q) => q.where('sanction.expiresAt IS NULL').orWhere('sanction.expiresAt > :now', { now })))
      .orderBy('sanction.id', 'DESC')
      .getMany();
  }

  listOfUsers(userIds: string[]): Promise<SanctionEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.sanctions.find({ where: { userId: In(userIds) }, order: { id: 'DESC' } });
  }

  findById(id: string): Promise<SanctionEntity | null> {
    return this.sanctions.findOneBy({ id });
  }

  async insert(manager: EntityManager, values: Omit<SanctionEntity, 'createdAt' | 'revokedAt' | 'revokedBy' | 'revokeReason'>): Promise<SanctionEntity> {
    await manager.insert(SanctionEntity, { ...values, revokedAt: null, revokedBy: null, revokeReason: null });
    return manager.findOneByOrFail(SanctionEntity, { id: values.id });
  }

  /** Revokes it unless already revoked: the database decides, so two revocations never both apply. */
  async revoke(manager: EntityManager, id: string, by: string, reason: string): Promise<boolean> {
    const result = await manager.update(SanctionEntity, { id, revokedAt: IsNull() }, { revokedAt: new Date(), revokedBy: by, revokeReason: reason });
    return (result.affected ?? 0) === 1;
  }

  /** The sanction, locked for the rest of the transaction on PostgreSQL. */
  locked(manager: EntityManager, id: string): Promise<SanctionEntity | null> {
    return this.tx.lockForUpdate(manager.createQueryBuilder(SanctionEntity, 'sanction').where('sanction.id = :id', { id })).getOne();
  }
}
