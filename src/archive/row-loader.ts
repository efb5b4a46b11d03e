import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EntityManager } from 'typeorm';
import type { Dialect } from '../database/data-source-options';
import { ArchiveRefused, type ColumnKind, type Manifest, type TablePart } from './archive-format';
import { foreignKeys, planInserts } from './insert-order';
import { quoted, summedColumns } from './table-shapes';
import { codecOf, fitsKind } from './value-codec';

const POSTGRES_ROWS_PER_INSERT = 2000;

/** The first table of `tables` holding a row, or null when all are empty. */
export async function firstNonEmptyTable(manager: EntityManager, tables: string[]): Promise<string | null> {
  for (const table of tables) {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ${quoted(table)} LIMIT 1`);
    if (rows.length) return table;
  }
  return null;
}

/**
 * Inserts every unpacked table into the database of `manager` (inside the caller's transaction), in
 * an order the foreign keys allow, then checks what the database now holds against the manifest:
 * every table's row count and every balance and capital total. Throws on the first difference.
 */
export async function loadRows(manager: EntityManager, dialect: Dialect, manifest: Manifest, tablesFolder: string): Promise<void> {
  const tables = new Map(manifest.tables.map((table) => [table.name, table]));
  const plan = planInserts([...tables.keys()], await foreignKeys(manager, dialect, [...tables.keys()]));
  const later: DeferredValue[] = [];
  for (const name of plan.order) {
    const table = tables.get(name)!;
    const deferred = new Set(plan.deferred.get(name) ?? []);
    const inserter = new BatchInserter(manager, dialect, table);
    let line = 0;
    for await (const text of createInterface({ input: createReadStream(join(tablesFolder, table.part)), crlfDelay: Infinity })) {
      line += 1;
      const row = parseRow(table, text, line);
      for (const column of deferred) {
        if (row[column] !== null) later.push({ table, column, key: table.primaryKey.map((key) => row[key]), value: row[column] });
        row[column] = null;
      }
      await inserter.add(row);
    }
    await inserter.flush();
    if (line !== table.rows) throw new ArchiveRefused(`table ${name} has ${line} rows; the manifest says ${table.rows}`);
  }
  await setDeferred(manager, dialect, later);
  await checkTotals(manager, manifest);
}

function parseRow(table: TablePart, text: string, line: number): Record<string, unknown> {
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    throw new ArchiveRefused(`${table.part} line ${line} is not JSON`);
  }
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new ArchiveRefused(`${table.part} line ${line} is not an object`);
  const record = row as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== table.columns.length) throw new ArchiveRefused(`${table.part} line ${line} does not have the table's columns`);
  for (const column of table.columns) {
    if (!(column.name in record) || !fitsKind(column.kind, record[column.name])) {
      throw new ArchiveRefused(`${table.part} line ${line}: ${column.name} is not a valid ${column.kind}`);
    }
  }
  return record;
}

/**
 * Inserts rows in batches. PostgreSQL takes a batch as one JSON parameter expanded by
 * `json_populate_recordset`, parsed once however many rows it holds (thousands of `$n`
 * placeholders cost more to plan than to insert). SQLite runs in this process: one prepared
 * statement on the transaction's own connection, run once per row, costs least.
 */
class BatchInserter {
  private rows: Record<string, unknown>[] = [];
  private readonly columns: string;
  private sqliteInsert?: { run(...values: unknown[]): unknown };

  constructor(
    private readonly manager: EntityManager,
    private readonly dialect: Dialect,
    private readonly table: TablePart,
  ) {
    this.columns = table.columns.map((column) => quoted(column.name)).join(', ');
  }

  async add(row: Record<string, unknown>): Promise<void> {
    const codec = codecOf(this.dialect);
    if (this.dialect === 'sqlite') {
      this.sqliteInsert ??= sqliteConnection(this.manager).prepare(
        `INSERT INTO ${quoted(this.table.name)} (${this.columns}) VALUES (${this.table.columns.map(() => '?').join(', ')})`,
      );
      this.sqliteInsert.run(...this.table.columns.map((column) => codec.toDatabase(column.kind, row[column.name])));
      return;
    }
    const stored: Record<string, unknown> = {};
    for (const column of this.table.columns) stored[column.name] = codec.toDatabase(column.kind, row[column.name]);
    this.rows.push(stored);
    if (this.rows.length >= POSTGRES_ROWS_PER_INSERT) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.rows.length) return;
    await this.manager.query(
      `INSERT INTO ${quoted(this.table.name)} (${this.columns})
       SELECT ${this.columns} FROM json_populate_recordset(NULL::${quoted(this.table.name)}, $1::json)`,
      [JSON.stringify(this.rows)],
    );
    this.rows = [];
  }
}

/** better-sqlite3's connection under TypeORM: SQLite has one, so this runs inside the open transaction. */
function sqliteConnection(manager: EntityManager): { prepare(sql: string): { run(...values: unknown[]): unknown } } {
  return (manager.connection.driver as unknown as { databaseConnection: { prepare(sql: string): { run(...values: unknown[]): unknown } } })
    .databaseConnection;
}

type DeferredValue = { table: TablePart; column: string; key: unknown[]; value: unknown };

/** PostgreSQL array types of the kinds, so one UPDATE can set many rows from two arrays. */
const POSTGRES_ARRAY_TYPES: Record<ColumnKind, string> = {
  id: 'bigint[]',
  integer: 'integer[]',
  money: 'bigint[]',
  string: 'text[]',
  boolean: 'boolean[]',
  timestamp: 'timestamptz[]',
  json: 'text[]',
};
const ROWS_PER_UPDATE = 5000;

/** Sets the deferred columns: on PostgreSQL thousands of rows per statement, on SQLite (in process) row by row. */
async function setDeferred(manager: EntityManager, dialect: Dialect, changes: DeferredValue[]): Promise<void> {
  const codec = codecOf(dialect);
  const kindOf = (table: TablePart, name: string) => table.columns.find((candidate) => candidate.name === name)!.kind;
  for (let start = 0; start < changes.length; ) {
    const { table, column } = changes[start];
    let end = start;
    while (end < changes.length && end - start < ROWS_PER_UPDATE && changes[end].table === table && changes[end].column === column) end += 1;
    const batch = changes.slice(start, end);
    start = end;
    if (dialect === 'postgres' && table.primaryKey.length === 1) {
      const [key] = table.primaryKey;
      await manager.query(
        `UPDATE ${quoted(table.name)} AS target SET ${quoted(column)} = changes.value
           FROM unnest($1::${POSTGRES_ARRAY_TYPES[kindOf(table, key)]}, $2::${POSTGRES_ARRAY_TYPES[kindOf(table, column)]}) AS changes(key, value)
          WHERE target.${quoted(key)} = changes.key`,
        [batch.map((change) => codec.toDatabase(kindOf(table, key), change.key[0])), batch.map((change) => codec.toDatabase(kindOf(table, column), change.value))],
      );
      continue;
    }
    const placeholder = (index: number) => (dialect === 'postgres' ? `$${index + 1}` : '?');
    const where = table.primaryKey.map((name, index) => `${quoted(name)} = ${placeholder(index + 1)}`).join(' AND ');
    for (const change of batch) {
      await manager.query(`UPDATE ${quoted(table.name)} SET ${quoted(column)} = ${placeholder(0)} WHERE ${where}`, [
        codec.toDatabase(kindOf(table, column), change.value),
        ...table.primaryKey.map((name, index) => codec.toDatabase(kindOf(table, name), change.key[index])),
      ]);
    }
  }
}

/** What the database holds now, against the manifest: rows per table, and every balance and capital total. */
async function checkTotals(manager: EntityManager, manifest: Manifest): Promise<void> {
  const totals: Record<string, string> = {};
  for (const table of manifest.tables) {
    const sums = summedColumns(table).map((column) => `CAST(COALESCE(SUM(${quoted(column.name)}), 0) AS TEXT) AS ${quoted(column.name)}`);
    const [row]: Record<string, string | number>[] = await manager.query(
      `SELECT ${['COUNT(*) AS "rows"', ...sums].join(', ')} FROM ${quoted(table.name)}`,
    );
    if (Number(row.rows) !== table.rows) throw new ArchiveRefused(`table ${table.name} holds ${row.rows} rows after loading; the manifest says ${table.rows}`);
    for (const column of summedColumns(table)) totals[`${table.name}.${column.name}`] = String(row[column.name]);
  }
  const keys = new Set([...Object.keys(totals), ...Object.keys(manifest.sums)]);
  for (const key of keys) {
    if (totals[key] !== manifest.sums[key]) {
      throw new ArchiveRefused(`the total of ${key} is ${totals[key] ?? 'absent'} after loading; the manifest says ${manifest.sums[key] ?? 'nothing'}`);
    }
  }
}
