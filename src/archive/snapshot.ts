import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { PostgresSnapshotSource, type RowSource, SqliteFileSource } from './row-sources';

/** Pages per backup step: all of them, so the copy is taken under one read lock, as of one instant. */
const ALL_PAGES = 1 << 30;

/**
 * A consistent view of the configured database while the service keeps writing: on PostgreSQL one
 * REPEATABLE READ, READ ONLY transaction; on SQLite the online backup API, from a connection of
 * its own (it sees committed data only), into a copy under `work` that is then read.
 */
export async function snapshotOf(dataSource: DataSource, work: string): Promise<RowSource> {
  if (dataSource.options.type === 'postgres') return PostgresSnapshotSource.open(dataSource.createQueryRunner());
  const copy = join(work, 'snapshot.sqlite');
  const source = new Database(dataSource.options.database as string, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  return new SqliteFileSource(copy);
}
