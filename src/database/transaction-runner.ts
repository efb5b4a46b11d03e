import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { Dialect } from './data-source-options';

/** Work to do once a transaction committed; it must not throw (it is too late to refuse). */
export type CommitHook = () => void | Promise<void>;

/**
 * Runs units of work in a transaction. SQLite has a single connection shared by every request,
 * so its transactions are serialized here: otherwise one request's rollback would take another
 * request's writes with it. Every write goes through `run`.
 */
@Injectable()
export class TransactionRunner {
  readonly dialect: Dialect;
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private readonly commitHooks = new WeakMap<EntityManager, CommitHook[]>();

  constructor(private readonly dataSource: DataSource) {
    this.dialect = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  /**
   * Runs `work` in a transaction; once it committed, its commit hooks run, one after the other,
   * before the result is handed back (so a caller sees their effects), and outside SQLite's queue
   * (so a hook may run transactions of its own).
   */
  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const hooks: CommitHook[] = [];
    const tracked = async (manager: EntityManager) => {
      this.commitHooks.set(manager, hooks);
      try {
        return await work(manager);
      } finally {
        this.commitHooks.delete(manager);
      }
    };
    const result = await this.serialized(() => this.dataSource.transaction(tracked));
    for (const hook of hooks) await hook();
    return result;
  }

  /** Runs `hook` once the transaction of `manager` has committed (never if it rolls back). */
  afterCommit(manager: EntityManager, hook: CommitHook): void {
    const hooks = this.commitHooks.get(manager);
    if (hooks) hooks.push(hook);
    else setImmediate(() => void hook());
  }

  private serialized<T>(transaction: () => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return transaction();
    const result = this.sqliteQueue.then(transaction);
    this.sqliteQueue = result.catch(() => undefined);
    return result;
  }

  /** Row lock for a read that decides a write; SQLite's serialized transactions need none. */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return this.dialect === 'postgres' ? query.setLock('pessimistic_write') : query;
  }
}
