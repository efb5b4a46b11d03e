import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { Dialect } from './data-source-options';

/**
 * Runs units of work in a transaction. SQLite has a single connection shared by every request,
 * so its transactions are serialized here: otherwise one request's rollback would take another
 * request's writes with it. Every write goes through `run`.
 */
@Injectable()
export class TransactionRunner {
  readonly dialect: Dialect;
  private sqliteQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {
    this.dialect = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.dataSource.transaction(work);
    const result = this.sqliteQueue.then(() => this.dataSource.transaction(work));
    this.sqliteQueue = result.catch(() => undefined);
    return result;
  }

  /** Row lock for a read that decides a write; SQLite's serialized transactions need none. */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return this.dialect === 'postgres' ? query.setLock('pessimistic_write') : query;
  }
}
