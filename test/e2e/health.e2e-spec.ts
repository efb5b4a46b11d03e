import { Client } from 'pg';
import type { AppConfig } from '../../src/config/config';
import { NoFreeWorkerId, WORKER_ID_COUNT, WORKER_ID_LOCK_SPACE, WorkerIdLease } from '../../src/database/id-generator';
import { ShutdownState } from '../../src/health/shutdown-state';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend, testBackends } from '../support/backends';

const postgres = testBackends().find((backend) => backend.postgresUrl);
const describePostgres = postgres ? describe : describe.skip;

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: postgres!.postgresUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** Liveness and readiness, past the one-second cache of the readiness probe. */
async function healthStatus(t: TestApp): Promise<{ live: number; ready: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return { live: (await t.http().get('/v1/health')).status, ready: (await t.http().get('/v1/health/ready')).status };
}

describePostgres('health while the database goes away and comes back [postgres+redis]', () => {
  let t: TestApp;
  let name: string;

  beforeAll(async () => {
    t = await createTestApp(postgres!);
    name = new URL(t.config.databaseUrl).pathname.slice(1);
  });
  afterAll(() => t.close());

  it('stays live but not ready while the database is unreachable, and ready again once it is back, without a restart', async () => {
    expect(await healthStatus(t)).toEqual({ live: 200, ready: 200 });
    await onServer(`DROP DATABASE ${name} WITH (FORCE)`);
    expect(await healthStatus(t)).toEqual({ live: 200, ready: 503 });
    await onServer(`CREATE DATABASE ${name}`);
    expect(await healthStatus(t)).toEqual({ live: 200, ready: 200 });
  });
});

describeEachBackend('readiness', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers 200 while every dependency answers, and 503 from the moment shutdown begins', async () => {
    expect((await t.http().get('/v1/health/ready')).status).toBe(200);
    t.app.get(ShutdownState).begin();
    expect((await t.http().get('/v1/health/ready')).status).toBe(503);
    expect((await t.http().get('/v1/health')).status).toBe(200); // liveness keeps its contract
  });
});

describePostgres('worker id leases [postgres+redis]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(postgres!);
  });
  afterAll(() => t.close());

  it('gives a second process on the database the next free id, and refuses when none is left', async () => {
    const config = { ...t.config, snowflakeWorkerId: undefined } as AppConfig;
    expect(t.app.get(WorkerIdLease)).toMatchObject({ workerId: 0, source: 'leased' });
    const second = await WorkerIdLease.acquire(config);
    expect(second.workerId).toBe(1);
    const holder = new Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, id) FROM generate_series(2, $2::int - 1) AS id', [WORKER_ID_LOCK_SPACE, WORKER_ID_COUNT]);
      await expect(WorkerIdLease.acquire(config)).rejects.toThrow(new NoFreeWorkerId());
      await second.onApplicationShutdown(); // its id frees with its connection
      const again = await WorkerIdLease.acquire(config);
      expect(again.workerId).toBe(1);
      await again.onApplicationShutdown();
    } finally {
      await holder.end();
    }
  });
});
