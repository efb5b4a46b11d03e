import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { parseConfig } from '../config/config';
import { loadDotEnv } from '../config/dotenv';
import { buildDataSourceOptions, DialectDataSource } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { AuditLog } from '../audit/audit-log.service';
import { AuditRepository } from '../audit/audit.repository';
import { IdGenerator, WorkerIdLease } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import { executeCommand, parseCommand, UsageError } from './cli-commands';

const CLI_SQLITE_WORKER_ID = 1023;

export interface CliOutput {
  out(text: string): void;
  err(line: string): void;
}

/**
 * The operator's tool on the configured database (decisions §5): `grant`, `revoke`,
 * `set-max-characters`, `show`. Returns the exit code: 0, 1 on any failure, 2 on a usage error;
 * a failure prints exactly one line.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  let dataSource: DataSource | undefined;
  let lease: WorkerIdLease | undefined;
  try {
    const command = parseCommand(argv);
    const config = parseConfig(env);
    dataSource = await new DialectDataSource(buildDataSourceOptions(config.databaseUrl)).initialize();
    await runMigrations(dataSource);
    lease = await WorkerIdLease.acquire(config);
    // On SQLite the one application process uses worker id 0: the CLI's ids (its audit events) take another.
    const ids = new IdGenerator(lease.source === 'sqlite' ? CLI_SQLITE_WORKER_ID : lease.workerId);
    const audit = new AuditLog(ids, new AuditRepository(dataSource));
    // Deliveries are written with the CLI's events too; a running instance's worker sends them.
    const tx = new TransactionRunner(dataSource);
    audit.addSink(new WebhookOutbox(new WebhooksRepository(dataSource, tx), ids, tx));
    output.out(await executeCommand(dataSource, audit, command));
    return 0;
  } catch (error) {
    output.err(`error: ${((error as Error).message || String(error)).split('\n')[0]}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await lease?.onApplicationShutdown();
    await dataSource?.destroy().catch(() => undefined);
  }
}

if (require.main === module) {
  loadDotEnv();
  void runCli(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    err: (line) => console.error(line),
  }).then((code) => {
    process.exitCode = code;
  });
}
