import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/config';
import { buildDataSourceOptions, DialectDataSource, withDependencyTimeouts } from './data-source-options';
import { IdGenerator, SNOWFLAKE_WORKER_ID, WorkerIdLease } from './id-generator';
import { runMigrations } from './migrate';
import { PipelinedReadsConnection } from './pipelined-reads';
import { TransactionRunner } from './transaction-runner';

/**
 * Migrations run on connections of their own, without the serving timeouts (see
 * withDependencyTimeouts): one holds the migration lock, the other migrates.
 */
async function migrate(options: DataSourceOptions): Promise<void> {
  const dataSource = await new DialectDataSource({ ...options, extra: { max: 2 } } as DataSourceOptions).initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...withDependencyTimeouts(buildDataSourceOptions(config.databaseUrl), config.dependencyTimeouts.databaseStatementMs),
        autoLoadEntities: true,
      }),
      dataSourceFactory: async (options) => {
        await migrate(options!);
        return new DialectDataSource(options!).initialize();
      },
    }),
  ],
  providers: [
    { provide: WorkerIdLease, inject: [AppConfig], useFactory: (config: AppConfig) => WorkerIdLease.acquire(config) },
    { provide: SNOWFLAKE_WORKER_ID, inject: [WorkerIdLease], useFactory: (lease: WorkerIdLease) => lease.workerId },
    IdGenerator,
    TransactionRunner,
    PipelinedReadsConnection,
  ],
  exports: [IdGenerator, TransactionRunner, WorkerIdLease],
})
export class DatabaseModule {}
