import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Snowflake } from '@sapphire/snowflake';
import type { Client } from 'pg';
import type { AppConfig } from '../config/config';
import { dialectOf } from './data-source-options';

/** 2024-01-01T00:00:00Z: every id made since is far above 2^53. */
export const SNOWFLAKE_EPOCH = 1_704_067_200_000n;
export const SNOWFLAKE_WORKER_ID = Symbol('SNOWFLAKE_WORKER_ID');
export const WORKER_ID_COUNT = 1024;
/** First key of the two-key advisory locks that stand for worker ids ('SNOW'), apart from any other lock. */
export const WORKER_ID_LOCK_SPACE = 0x534e4f57;

/** Makes Snowflake ids as decimal strings; the 10-bit worker id keeps instances apart. */
@Injectable()
export class IdGenerator {
  private readonly snowflake = new Snowflake(SNOWFLAKE_EPOCH);
  private readonly workerId: bigint;
  private readonly processId: bigint;

  constructor(@Inject(SNOWFLAKE_WORKER_ID) worker: number) {
    this.workerId = BigInt(worker >> 5);
    this.processId = BigInt(worker & 31);
  }

  next(): string {
    return this.snowflake.generate({ workerId: this.workerId, processId: this.processId }).toString();
  }
}

export class NoFreeWorkerId extends Error {
  constructor() {
    super(`no free Snowflake worker id: all ${WORKER_ID_COUNT} (0-${WORKER_ID_COUNT - 1}) are held by other instances on this database; stop one or set SNOWFLAKE_WORKER_ID`);
  }
}

/**
 * This process's worker id (decisions §10). `SNOWFLAKE_WORKER_ID` when set; on SQLite, which
 * only one process writes, 0; on PostgreSQL, the first id of 0–1023 on which a session-level
 * advisory lock is free, held on a connection of its own for the process lifetime, so the id
 * frees itself when the process dies, however it dies.
 */
export class WorkerIdLease implements OnApplicationShutdown {
  private readonly logger = new Logger('WorkerIdLease');
  private closing = false;
  private retry?: NodeJS.Timeout;

  private constructor(
    readonly workerId: number,
    readonly source: 'configured' | 'sqlite' | 'leased',
    private readonly databaseUrl?: string,
    private client?: Client,
  ) {
    if (client) this.watch(client);
  }

  static async acquire(config: AppConfig): Promise<WorkerIdLease> {
    if (config.snowflakeWorkerId !== undefined) return new WorkerIdLease(config.snowflakeWorkerId, 'configured');
    if (dialectOf(config.databaseUrl) === 'sqlite') return new WorkerIdLease(0, 'sqlite');
    const client = await connect(config.databaseUrl);
    try {
      const workerId = await lockFirstFree(client);
      return new WorkerIdLease(workerId, 'leased', config.databaseUrl, client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private watch(client: Client): void {
    let gone = false;
    const lost = (reason: string) => {
      if (gone || this.closing) return;
      gone = true;
      this.logger.warn(`Lost the connection holding worker id ${this.workerId} (${reason}); taking it again`);
      this.client = undefined;
      this.scheduleReclaim();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('connection ended'));
  }

  /**
   * A database restart drops the lock with its connection: take the same id again once the
   * database answers. Should another instance have taken it meanwhile, this one must stop making
   * ids, so it shuts down gracefully and the orchestrator starts it again with a fresh lease.
   */
  private scheduleReclaim(): void {
    this.retry = setTimeout(() => void this.reclaim(), RECLAIM_INTERVAL_MS);
  }

  private async reclaim(): Promise<void> {
    if (this.closing) return;
    const client = await connect(this.databaseUrl!).catch(() => undefined);
    if (!client) return this.scheduleReclaim();
    const locked = await tryLock(client, this.workerId).catch(() => undefined);
    if (locked === undefined || this.closing) {
      await client.end().catch(() => undefined);
      return this.closing ? undefined : this.scheduleReclaim();
    }
    if (!locked) {
      await client.end().catch(() => undefined);
      this.logger.error(`Worker id ${this.workerId} was taken by another instance while the database was away; shutting down`);
      this.closing = true;
      process.emit('SIGTERM', 'SIGTERM');
      return;
    }
    this.client = client;
    this.watch(client);
    this.logger.log(`Holding worker id ${this.workerId} again`);
  }
}

const RECLAIM_INTERVAL_MS = 1000;

async function connect(databaseUrl: string): Promise<Client> {
  // Loaded here, on PostgreSQL only: an embedded SQLite instance never needs the driver.
  const { Client } = require('pg') as typeof import('pg');
  const client = new Client({ connectionString: databaseUrl, application_name: 'worker-id-lease', keepAlive: true });
  client.on('error', () => undefined); // a failed connect also emits; the caller handles the rejection
  await client.connect();
  return client;
}

async function tryLock(client: Client, id: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [WORKER_ID_LOCK_SPACE, id]);
  return rows[0].locked;
}

/** Skips the ids other sessions hold, then tries the rest in order; a lost race moves on. */
async function lockFirstFree(client: Client): Promise<number> {
  const held = await client.query<{ id: number }>(
    `SELECT objid::int AS id FROM pg_locks
      WHERE locktype = 'advisory' AND classid = $1::int::oid AND objsubid = 2
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [WORKER_ID_LOCK_SPACE],
  );
  const taken = new Set(held.rows.map((row) => row.id));
  for (let id = 0; id < WORKER_ID_COUNT; id++) {
    if (!taken.has(id) && (await tryLock(client, id))) return id;
  }
  throw new NoFreeWorkerId();
}
