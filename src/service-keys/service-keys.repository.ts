import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, LessThan, Or } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { EntityRows } from '../infrastructure/entity-rows';
import { ServiceKeyEntity } from './service-key.entity';

/** The only reader and writer of `service_keys`. */
@Injectable()
export class ServiceKeysRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** Read on every request of a game server: hand-written SQL on the unique hash index (see EntityRows). */
  async findByHash(keyHash: string): Promise<ServiceKeyEntity | null> {
    const [key] = await EntityRows.of(this.dataSource, ServiceKeyEntity).findBy(this.dataSource.manager, 'keyHash', keyHash);
    return key ?? null;
  }

  async insert(manager: EntityManager, values: Pick<ServiceKeyEntity, 'id' | 'name' | 'permissions' | 'keyHash' | 'createdBy'>): Promise<ServiceKeyEntity> {
    await manager.insert(ServiceKeyEntity, { ...values, lastUsedAt: null });
    return manager.findOneByOrFail(ServiceKeyEntity, { id: values.id });
  }

  list(): Promise<ServiceKeyEntity[]> {
    return this.dataSource.manager.find(ServiceKeyEntity, { order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Whether a key was there to delete. */
  async delete(manager: EntityManager, id: string): Promise<boolean> {
    const result = await manager.delete(ServiceKeyEntity, { id });
    return Boolean(result.affected);
  }

  /**
   * Conditional on the stored time being older than `notAfter`, so however many instances and
   * requests race, the row is written at most once per interval.
   */
  async touch(id: string, now: Date, notAfter: Date): Promise<void> {
    await this.tx.run((manager) =>
      manager.update(ServiceKeyEntity, { id, lastUsedAt: Or(IsNull(), LessThan(notAfter)) }, { lastUsedAt: now }),
    );
  }
}
