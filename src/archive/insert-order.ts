import type { EntityManager } from 'typeorm';
import type { Dialect } from '../database/data-source-options';
import { quoted } from './table-shapes';

/** `table.column` refers to a row of `references`. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  nullable: boolean;
}

/**
 * The foreign keys between tables, as the database itself declares them: the entities declare no
 * relations (modules own their tables and join by id), so the schema's constraints are the truth.
 */
export async function foreignKeys(manager: EntityManager, dialect: Dialect, tables: string[]): Promise<ForeignKey[]> {
  if (dialect === 'postgres') {
    const rows: ForeignKey[] = await manager.query(
      `SELECT source.relname AS "table", attribute.attname AS "column", target.relname AS "references",
              NOT attribute.attnotnull AS "nullable"
         FROM pg_constraint constraint_row
         JOIN pg_class source ON source.oid = constraint_row.conrelid
         JOIN pg_class target ON target.oid = constraint_row.confrelid
         JOIN pg_namespace namespace ON namespace.oid = source.relnamespace
         CROSS JOIN LATERAL unnest(constraint_row.conkey) AS key(number)
         JOIN pg_attribute attribute ON attribute.attrelid = constraint_row.conrelid AND attribute.attnum = key.number
        WHERE constraint_row.contype = 'f' AND namespace.nspname = current_schema()`,
    );
    return rows.filter((row) => tables.includes(row.table));
  }
  const keys: ForeignKey[] = [];
  for (const table of tables) {
    const rows: { table: string; from: string }[] = await manager.query(`PRAGMA foreign_key_list(${quoted(table)})`);
    const columns: { name: string; notnull: number }[] = await manager.query(`PRAGMA table_info(${quoted(table)})`);
    const nullable = (column: string) => columns.some((row) => row.name === column && !row.notnull);
    keys.push(...rows.map((row) => ({ table, column: row.from, references: row.table, nullable: nullable(row.from) })));
  }
  return keys;
}

export interface InsertPlan {
  /** Tables in an order where every row's referenced rows are already there. */
  order: string[];
  /** Columns written as null first and set once every table is in, to break cycles (users ↔ characters). */
  deferred: Map<string, string[]>;
}

/**
 * Orders the tables so referenced tables come first. A cycle (or a table referring to itself) is
 * broken at a nullable column, whose values are set after every row is in; a cycle of NOT NULL
 * columns cannot be loaded and is refused.
 */
export function planInserts(tables: string[], keys: ForeignKey[]): InsertPlan {
  const deferred = new Map<string, string[]>();
  const defer = (key: ForeignKey) => {
    if (!key.nullable) throw new Error(`${key.table}.${key.column} closes a cycle of references and is required`);
    deferred.set(key.table, [...new Set([...(deferred.get(key.table) ?? []), key.column])]);
  };
  const known = keys.filter((key) => tables.includes(key.table) && tables.includes(key.references));
  known.filter((key) => key.references === key.table).forEach(defer);
  let pending = known.filter((key) => key.references !== key.table);
  const order: string[] = [];
  const left = [...tables].sort();
  while (left.length) {
    const ready = left.find((table) => !pending.some((key) => key.table === table && left.includes(key.references)));
    if (ready) {
      order.push(ready);
      left.splice(left.indexOf(ready), 1);
      continue;
    }
    const inCycle = pending.filter((key) => left.includes(key.table) && left.includes(key.references));
    const breakable = inCycle.find((key) => key.nullable) ?? inCycle[0];
    defer(breakable);
    pending = pending.filter((key) => key !== breakable);
  }
  return { order, deferred };
}
