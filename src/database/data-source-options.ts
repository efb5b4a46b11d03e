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
    extra: { max: 20 },
  };
}

/** Decisions §13: how long a request may wait for a pooled connection (or a new one) before its 503. */
export const POOL_WAIT_MS = 2000;

/**
 * The serving application's options: on PostgreSQL every statement ends after `statementMs`, on
 * the server (`statement_timeout`) and on the client (`query_timeout`, for a server that does not
 * answer at all), and taking a connection after POOL_WAIT_MS. Migrations and the command line run
 * without them: a migration may rightly take longer.
 */
export function withDependencyTimeouts(options: DataSourceOptions, statementMs: number): DataSourceOptions {
  if (options.type !== 'postgres') return options;
  return {
    ...options,
    extra: {
      ...options.extra,
      connectionTimeoutMillis: POOL_WAIT_MS,
      statement_timeout: statementMs,
      query_timeout: statementMs,
      Client: closingOnReadTimeout(),
    },
  };
}

/**
 * node-postgres's Client, except that a statement given up on by the client (`query_timeout`: the
 * server did not answer at all) ends its connection. The plain client keeps it and the pool hands
 * it out again, its transaction still open and its ROLLBACK possibly given up on too, so the next
 * request's COMMIT would commit the abandoned one's half. A closed connection rolls back instead.
 */
function closingOnReadTimeout(): typeof import('pg').Client {
  const { Client } = require('pg') as typeof import('pg');
  return class extends Client {
    override query(...args: unknown[]): never {
      const result = (super.query as (...all: unknown[]) => unknown)(...args) as Partial<Promise<unknown>> | undefined;
      // Only the promise form: the callback form is not what TypeORM uses.
      result?.catch?.((error: Error) => this.closeAfterReadTimeout(error));
      return result as never;
    }

    private closeAfterReadTimeout(error: Error): void {
      if (error?.message === 'Query read timeout') (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  };
}

/** A data source whose entity metadata says what its dialect's migrations create (see columns.ts). */
export class DialectDataSource extends DataSource {
  protected override async buildMetadatas(): Promise<void> {
    await super.buildMetadatas();
    realiseDialectColumns(this);
  }
}
