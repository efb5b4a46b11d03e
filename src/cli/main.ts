import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { type AppConfig, parseConfig } from '../config/config';
import { loadDotEnv } from '../config/dotenv';
import { ProcessRole } from '../config/process-role';
import { dialectOf } from '../database/data-source-options';
import { type Command, executeCommand, parseCommand } from './cli-commands';
import { UsageError } from './cli-errors';
import { runDoctor } from './doctor/doctor';

/** On SQLite the one application process uses worker id 0: the command line's ids (its events) take another. */
const CLI_SQLITE_WORKER_ID = 1023;

export interface CliOutput {
  out(text: string): void;
  err(line: string): void;
}

/**
 * The operator's tool on the configured database (decisions §5): `grant`, `revoke`,
 * `set-max-characters`, `show`, `export`, `import`, `demo`, and `doctor`. It runs in the service's
 * own application context, without its background work, so every change goes through the same
 * services and events (audit, webhook deliveries, sessions sent to renewal); `doctor` alone runs
 * without it, since it must speak when the database cannot be reached. Returns the exit code: 0,
 * 1 on any failure, 2 on a usage error; a failure prints exactly one line.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  let app: INestApplicationContext | undefined;
  try {
    const command = parseCommand(argv);
    if (command.name === 'doctor') return await runDoctor(env, output);
    const config = commandLineConfig(parseConfig(env));
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, new ProcessRole(false)), {
      logger: false,
      abortOnError: false,
    });
    output.out(await executeCommand(app, command));
    if (changesUsersUnseen(command, config)) output.err(UNSEEN_CHANGE_NOTE);
    return 0;
  } catch (error) {
    output.err(`error: ${((error as Error).message || String(error)).split('\n')[0]}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await app?.close().catch(() => undefined);
  }
}

const UNSEEN_CHANGE_NOTE =
  'note: REDIS_URL is not set here: instances running with Redis keep serving their copy of this user for up to 60 s (run the command with the service\'s environment)';

/**
 * A change to a user made on PostgreSQL without the service's Redis cannot move the user's principal
 * version, so instances that keep copies of signed-in users (docs/architecture.md) see it late.
 */
function changesUsersUnseen(command: Command, config: AppConfig): boolean {
  return ['grant', 'revoke', 'set-max-characters'].includes(command.name) && dialectOf(config.databaseUrl) === 'postgres' && !config.redisUrl;
}

/** The command prints its answer on stdout: nothing else may be logged there. */
function commandLineConfig(config: AppConfig): AppConfig {
  const sqlite = dialectOf(config.databaseUrl) === 'sqlite' && config.snowflakeWorkerId === undefined;
  return { ...config, logLevel: 'silent', ...(sqlite ? { snowflakeWorkerId: CLI_SQLITE_WORKER_ID } : {}) };
}

if (require.main === module) {
  // As the service does (src/main.ts): an export or import makes garbage at a steady pace, and the
  // old generation need not grow to several times the live heap before it is collected.
  setFlagsFromString('--heap-growing-percent=30');
  loadDotEnv();
  void runCli(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    err: (line) => console.error(line),
  }).then((code) => {
    process.exitCode = code;
  });
}
