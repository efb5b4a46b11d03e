import type { DataSource } from 'typeorm';
import { parseConfig } from '../config/config';
import { loadDotEnv } from '../config/dotenv';
import { buildDataSourceOptions, DialectDataSource } from './data-source-options';

/** Any fixed number: the PostgreSQL advisory lock that keeps two instances from migrating at once. */
const MIGRATION_LOCK_KEY = 720_451_993;

/** Applies pending migrations; on PostgreSQL one instance at a time. */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = parseConfig(process.env);
  const dataSource = new DialectDataSource(buildDataSourceOptions(config.databaseUrl));
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
    console.log('Migrations applied.');
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
