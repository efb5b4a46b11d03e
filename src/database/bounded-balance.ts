import type { EntityManager } from 'typeorm';
import type { Dialect } from './data-source-options';

/** Balances are integers from 0 to 2^53−1 (decisions §8): exact as JavaScript numbers. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

/**
 * Adds a signed change within 0..2^53−1 and answers the balance after, in one statement. Its
 * parameters are the change, the row's key, the change again and the bound.
 */
const CHANGE_BALANCE: Record<Dialect, (table: string, key: string) => string> = {
  postgres: (table, key) =>
    `UPDATE "${table}" SET "balance" = "balance" + $1, "updatedAt" = now()` +
    ` WHERE "${key}" = $2 AND "balance" + $3 BETWEEN 0 AND $4 RETURNING "balance"`,
  sqlite: (table, key) =>
    `UPDATE "${table}" SET "balance" = "balance" + ?, "updatedAt" = strftime('%Y-%m-%d %H:%M:%f', 'now')` +
    ` WHERE "${key}" = ? AND "balance" + ? BETWEEN 0 AND ? RETURNING "balance"`,
};

/**
 * One conditional UPDATE of a `balance` column whose WHERE keeps it within its bounds, so
 * concurrent changes never lose one another nor cross a bound; the row stays locked until the
 * transaction ends. Answers the balance after, or null when the bound (or a missing row) refused
 * the change. The modules owning balance columns (wallets, bank accounts) share it.
 */
export async function changeBoundedBalance(
  manager: EntityManager,
  dialect: Dialect,
  row: { table: string; key: string; id: string },
  change: number,
): Promise<number | null> {
  const result = await manager.queryRunner!.query(CHANGE_BALANCE[dialect](row.table, row.key), [change, row.id, change, MAX_BALANCE], true);
  const [updated] = result.records as { balance: string | number }[];
  // PostgreSQL answers bigint as a string; balances stay below 2^53, exact as numbers.
  return updated ? Number(updated.balance) : null;
}
