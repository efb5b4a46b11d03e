import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { SQLITE_MIGRATIONS } from '../database/migrations/sqlite';
import { ArchiveRefused, type Manifest, type TableShape } from './archive-format';
import { SqliteFileSource } from './row-sources';
import { loadRows } from './row-loader';
import { writeTableParts } from './table-parts';
import { codecOf } from './value-codec';

/**
 * Brings the rows of an archive taken at an older migration to the current schema by the
 * schema's own migrations, whatever the target database: the rows are loaded into a scratch
 * SQLite database migrated only up to the archive's migration (checked against the manifest
 * there), the remaining migrations run on it, and its tables are written out again in the current
 * shape. The archive's files need no change. Returns the manifest of the upgraded tables.
 */
export async function upgradeTables(manifest: Manifest, unpacked: string, work: string, current: TableShape[]): Promise<Manifest> {
  const names = SQLITE_MIGRATIONS.map((migration) => new migration().name);
  const position = names.indexOf(manifest.migration);
  if (position < 0) throw new ArchiveRefused(`the archive's migration ${manifest.migration} is unknown to this version of the service`);
  const url = `sqlite:${join(work, 'upgrade.sqlite')}`;
  await withDataSource(url, SQLITE_MIGRATIONS.slice(0, position + 1), async (scratch) => {
    await runMigrations(scratch);
    await scratch.transaction((manager) => loadRows(manager, 'sqlite', manifest, unpacked));
  });
  await withDataSource(url, SQLITE_MIGRATIONS, runMigrations);
  const source = new SqliteFileSource(url.slice('sqlite:'.length));
  try {
    const upgraded = await writeTableParts(source, current, codecOf('sqlite'), join(work, 'upgraded'));
    for (const [key, total] of Object.entries(manifest.sums)) {
      if (key in upgraded.sums && upgraded.sums[key] !== total) throw new ArchiveRefused(`upgrading the archive changed the total of ${key}`);
    }
    return { ...manifest, migration: await source.migration(), ...upgraded };
  } finally {
    await source.close();
  }
}

async function withDataSource(url: string, migrations: typeof SQLITE_MIGRATIONS, work: (dataSource: DataSource) => Promise<void>): Promise<void> {
  const dataSource = await new DataSource({ ...buildDataSourceOptions(url), migrations }).initialize();
  try {
    await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
