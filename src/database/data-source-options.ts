import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { realiseDialectColumns } from './columns';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(databaseUrl: string): Dialect {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/**
 * TypeORM options for a `sqlite:<file>` or `postgres://…` URL. The schema comes from migrations
 * only. The application adds each module's entities itself (`autoLoadEntities`); a DataSource made
 * outside it names them (`src/entities.ts`).
 */
export function buildDataSourceOptions(databaseUrl: string, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  const common = { entities, synchronize: false, migrationsRun: false, logging: false } as const;
  if (dialectOf(databaseUrl) === 'sqlite') {
    const file = resolve(databaseUrl.slice('sqlite:'.length));
    mkdirSync(dirname(file), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: file,
      enableWAL: true,
      migrations: SQLITE_MIGRATIONS,
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('busy_timeout = 5000');
        db.pragma('foreign_keys = ON');
      },
    };
  }
  return {
    ...common,
    type: 'postgres',
    url: databaseUrl,
    migrations: POSTGRES_MIGRATIONS,
    // A burst queues for a connection rather than failing: 30 s is still inside the shutdown drain.
    extra: { max: 20, connectionTimeoutMillis: 30_000 },
  };
}

/** A data source whose entity metadata says what its dialect's migrations create (see columns.ts). */
export class DialectDataSource extends DataSource {
  protected override async buildMetadatas(): Promise<void> {
    await super.buildMetadatas();
    realiseDialectColumns(this);
  }
}
