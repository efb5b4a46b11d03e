import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThan } from 'typeorm';
import type { Dialect } from '../database/data-source-options';
import { TransactionRunner } from '../database/transaction-runner';
import { MAX_BALANCE } from './balances';
import type { Holder } from './holder';
import { StatementEntryEntity } from './statement-entry.entity';
import { TransferEntity } from './transfer.entity';

/** Each holder's table and key; the money module is the only writer of their `balance`. */
const TABLES = {
  wallet: { table: 'wallets', key: 'characterId' },
  account: { table: 'bank_accounts', key: 'id' },
} as const;

/**
 * Adds a signed change within 0..2^53−1 and answers the balance after, in one statement. Its
 * parameters are the change, the holder id, the change again and the bound.
 */
const CHANGE_BALANCE: Record<Dialect, (table: string, key: string) => string> = {
  postgres: (table, key) =>
    `UPDATE "${table}" SET "balance" = "balance" + $1, "updatedAt" = now()` +
    ` WHERE "${key}" = $2 AND "balance" + $3 BETWEEN 0 AND $4 RETURNING "balance"`,
  sqlite: (table, key) =>
    `UPDATE "${table}" SET "balance" = "balance" + ?, "updatedAt" = strftime('%Y-%m-%d %H:%M:%f', 'now')` +
    ` WHERE "${key}" = ? AND "balance" + ? BETWEEN 0 AND ? RETURNING "balance"`,
};

/** Balances, transfers and statement entries; every method works inside the caller's transaction. */
@Injectable()
export class LedgerRepository {
  constructor(private readonly tx: TransactionRunner) {}

  /**
   * One conditional UPDATE whose WHERE keeps the balance within its bounds, so concurrent
   * changes never lose one another nor cross a bound; the row stays locked until the transaction
   * ends. Answers the balance after, or null when the bound refused the change.
   */
  async changeBalance(manager: EntityManager, holder: Holder, change: number): Promise<number | null> {
    const { table, key } = TABLES[holder.type];
    const result = await manager.queryRunner!.query(
      CHANGE_BALANCE[this.tx.dialect](table, key),
      [change, holder.id, change, MAX_BALANCE],
      true,
    );
    const [row] = result.records as { balance: string | number }[];
    // PostgreSQL answers bigint as a string; balances stay below 2^53, exact as numbers.
    return row ? Number(row.balance) : null;
  }

  async insertTransfer(manager: EntityManager, transfer: TransferEntity): Promise<void> {
    await manager.insert(TransferEntity, transfer);
  }

  async insertEntries(manager: EntityManager, entries: StatementEntryEntity[]): Promise<void> {
    await manager.insert(StatementEntryEntity, entries);
  }

  entryExists(manager: EntityManager, holder: Pick<Holder, 'type' | 'id'>, entryId: string): Promise<boolean> {
    return manager.existsBy(StatementEntryEntity, { id: entryId, holderType: holder.type, holderId: holder.id });
  }

  /** Newest first, `limit + 1` rows so the caller knows whether another page follows. */
  entriesBefore(manager: EntityManager, holder: Pick<Holder, 'type' | 'id'>, before: string | undefined, limit: number) {
    return manager.find(StatementEntryEntity, {
      where: { holderType: holder.type, holderId: holder.id, ...(before === undefined ? {} : { id: LessThan(before) }) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
  }
}
