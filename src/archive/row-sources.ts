import Database from 'better-sqlite3';
import type { QueryRunner } from 'typeorm';
import type { TableShape } from './archive-format';
import { quoted } from './table-shapes';

/** Rows are read and written this many at a time: memory holds a batch, never a table. */
export const BATCH_ROWS = 1000;

/**
 * A consistent view of a whole database, read table by table in primary-key order, as raw values
 * in column order.
 */
export interface RowSource {
  /** The last migration applied to the database seen. */
  migration(): Promise<string>;
  batches(table: TableShape): AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

function selectAll(table: TableShape): string {
  const columns = table.columns.map((column) => quoted(column.name)).join(', ');
  return `SELECT ${columns} FROM ${quoted(table.name)} ORDER BY ${table.primaryKey.map(quoted).join(', ')}`;
}

const LAST_MIGRATION = 'SELECT "name" FROM "migrations" ORDER BY "timestamp" DESC, "id" DESC LIMIT 1';

/** A SQLite file nobody else writes (the online backup's copy, or a scratch database), read with its own connection. */
export class SqliteFileSource implements RowSource {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
  }

  async migration(): Promise<string> {
    const row = this.db.prepare(LAST_MIGRATION).get() as { name: string } | undefined;
    return row?.name ?? '';
  }

  async *batches(table: TableShape): AsyncIterable<unknown[][]> {
    let batch: unknown[][] = [];
    for (const row of this.db.prepare(selectAll(table)).raw(true).iterate() as Iterable<unknown[]>) {
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * One PostgreSQL transaction, REPEATABLE READ and READ ONLY, so every table is read as of one
 * instant while the service keeps writing; each table through a server-side cursor.
 */
export class PostgresSnapshotSource implements RowSource {
  private cursors = 0;

  private constructor(private readonly runner: QueryRunner) {}

  static async open(runner: QueryRunner): Promise<PostgresSnapshotSource> {
    await runner.connect();
    await runner.query('START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return new PostgresSnapshotSource(runner);
  }

  async migration(): Promise<string> {
    const rows: { name: string }[] = await this.runner.query(LAST_MIGRATION);
    return rows[0]?.name ?? '';
  }

  async *batches(table: TableShape): AsyncIterable<unknown[][]> {
    const cursor = `archive_cursor_${++this.cursors}`;
    await this.runner.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${selectAll(table)}`);
    try {
      for (;;) {
        const rows: Record<string, unknown>[] = await this.runner.query(`FETCH FORWARD ${BATCH_ROWS} FROM ${cursor}`);
        if (!rows.length) return;
        yield rows.map((row) => table.columns.map((column) => row[column.name]));
      }
    } finally {
      await this.runner.query(`CLOSE ${cursor}`);
    }
  }

  async close(): Promise<void> {
    await this.runner.query('ROLLBACK').catch(() => undefined);
    await this.runner.release();
  }
}
