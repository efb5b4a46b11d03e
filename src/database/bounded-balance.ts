import type { EntityManager } from 'typeorm';
import type { Dialect } from './data-source-options';

/** Balances are integers from 0 to 2^53−1 (decisions §8): exact as JavaScript numbers. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

/** Why a balance did not change: the row is frozen, or the change would cross a bound (or there is no row). */
export type BalanceRefusal = 'frozen' | 'out_of_bounds';

export interface BalanceRow {
  table: string;
  key: string;
  id: string;
  /** The row has a `frozen` column that refuses every change while true. */
  freezable?: boolean;
}

const parameter = (dialect: Dialect, n: number) => (dialect === 'postgres' ? `$${n}` : '?');
const NOW: Record<Dialect, string> = { postgres: 'now()', sqlite: `strftime('%Y-%m-%d %H:%M:%f', 'now')` };

/** Adds a signed change within 0..2^53−1 and answers the balance after, in one statement. */
function changeSql(dialect: Dialect, { table, key, freezable }: BalanceRow): string {
  const p = (n: number) => parameter(dialect, n);
  return (
    `UPDATE "${table}" SET "balance" = "balance" + ${p(1)}, "updatedAt" = ${NOW[dialect]}` +
    ` WHERE "${key}" = ${p(2)}${freezable ? ' AND NOT "frozen"' : ''} AND "balance" + ${p(3)} BETWEEN 0 AND ${p(4)} RETURNING "balance"`
  );
}

/**
 * One conditional UPDATE of a `balance` column whose WHERE keeps it within its bounds (and off a
 * frozen row), so concurrent changes never lose one another nor cross a bound, and a freeze
 * committed meanwhile is seen: the row stays locked until the transaction ends. Answers the
 * balance after, or why it was refused. The modules owning balance columns (wallets, bank
 * accounts, treasuries) share it.
 */
export async function changeBoundedBalance(
  manager: EntityManager,
  dialect: Dialect,
  row: BalanceRow,
  change: number,
): Promise<number | BalanceRefusal> {
  const runner = manager.queryRunner!;
  const result = await runner.query(changeSql(dialect, row), [change, row.id, change, MAX_BALANCE], true);
  const [updated] = result.records as { balance: string | number }[];
  // PostgreSQL answers bigint as a string; balances stay below 2^53, exact as numbers.
  if (updated) return Number(updated.balance);
  if (!row.freezable) return 'out_of_bounds';
  const [state] = (await runner.query(`SELECT "frozen" FROM "${row.table}" WHERE "${row.key}" = ${parameter(dialect, 1)}`, [row.id])) as {
    frozen: boolean | number;
  }[];
  return state && Boolean(state.frozen) ? 'frozen' : 'out_of_bounds';
}
