import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/config';
import { buildDataSourceOptions, DialectDataSource } from './data-source-options';
import { IdGenerator, SNOWFLAKE_WORKER_ID, WorkerIdLease } from './id-generator';
import { runMigrations } from './migrate';
import { TransactionRunner } from './transaction-runner';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...buildDataSourceOptions(config.databaseUrl), autoLoadEntities: true }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DialectDataSource(options!).initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [
    { provide: WorkerIdLease, inject: [AppConfig], useFactory: (config: AppConfig) => WorkerIdLease.acquire(config) },
    { provide: SNOWFLAKE_WORKER_ID, inject: [WorkerIdLease], useFactory: (lease: WorkerIdLease) => lease.workerId },
    IdGenerator,
    TransactionRunner,
  ],
  exports: [IdGenerator, TransactionRunner, WorkerIdLease],
})
export class DatabaseModule {}
