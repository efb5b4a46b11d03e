import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { IdempotencyKeyEntity } from './idempotency-key.entity';

/** Keys are kept this long (decisions §12); older ones are free to be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

type KeyOf = Pick<IdempotencyKeyEntity, 'principalId' | 'key'>;

/** The only reader and writer of `idempotency_keys`. */
@Injectable()
export class IdempotencyRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * Inserts the key's row with its answer inside the caller's transaction, as its first write. On PostgreSQL a
   * concurrent insert of the same key blocks on the primary key until this transaction ends, then
   * fails with a unique violation (committed) or goes ahead (rolled back).
   */
  async claim(manager: EntityManager, id: KeyOf, requestHash: string, response: string): Promise<void> {
    const row = { ...id, requestHash, response, createdAt: new Date() };
    // Complete, so nothing is read back: one statement less work on every money request.
    await manager.createQueryBuilder().insert().into(IdempotencyKeyEntity).values(row).updateEntity(false).execute();
  }

  async setResponse(manager: EntityManager, id: KeyOf, response: string): Promise<void> {
    await manager.update(IdempotencyKeyEntity, id, { response });
  }

  find(id: KeyOf): Promise<IdempotencyKeyEntity | null> {
    return this.dataSource.manager.findOneBy(IdempotencyKeyEntity, id);
  }

  /** Deletes keys older than the retention, all of them or only `id`. */
  async deleteExpired(now: Date, id?: KeyOf): Promise<void> {
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    await this.tx.run((manager) => manager.delete(IdempotencyKeyEntity, { ...id, createdAt: LessThan(cutoff) }));
  }
}
