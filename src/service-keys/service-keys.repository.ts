import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, LessThan, Or } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { ServiceKeyEntity } from './service-key.entity';

/** The only reader and writer of `service_keys`. */
@Injectable()
export class ServiceKeysRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  findByHash(keyHash: string): Promise<Pick<ServiceKeyEntity, 'id' | 'permissions' | 'lastUsedAt' | 'createdBy'> | null> {
    return this.dataSource.manager.findOne(ServiceKeyEntity, {
      select: { id: true, permissions: true, lastUsedAt: true, createdBy: true },
      where: { keyHash },
    });
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
