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
  private readonly commitHooks = new WeakMap<EntityManager, (() => void)[]>();

  constructor(private readonly dataSource: DataSource) {
    this.dialect = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const hooks: (() => void)[] = [];
    const tracked = async (manager: EntityManager) => {
      this.commitHooks.set(manager, hooks);
      try {
        return await work(manager);
      } finally {
        this.commitHooks.delete(manager);
      }
    };
    const committed = async () => {
      const result = await this.dataSource.transaction(tracked);
      for (const hook of hooks) hook();
      return result;
    };
    if (this.dialect === 'postgres') return committed();
    const result = this.sqliteQueue.then(committed);
    this.sqliteQueue = result.catch(() => undefined);
    return result;
  }

  /** Runs `hook` once the transaction of `manager` has committed (never if it rolls back). */
  afterCommit(manager: EntityManager, hook: () => void): void {
    const hooks = this.commitHooks.get(manager);
    if (hooks) hooks.push(hook);
    else setImmediate(hook);
  }

  /** Row lock for a read that decides a write; SQLite's serialized transactions need none. */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return this.dialect === 'postgres' ? query.setLock('pessimistic_write') : query;
  }
}
