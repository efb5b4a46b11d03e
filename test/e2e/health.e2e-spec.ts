import { Client } from 'pg';
import { createTestApp, type TestApp } from '../support/app';
import { testBackends } from '../support/backends';

const postgres = testBackends().find((backend) => backend.postgresUrl);
const describePostgres = postgres ? describe : describe.skip;

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: postgres!.postgresUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function healthStatus(t: TestApp): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1100)); // past the one-second health cache
  return (await t.http().get('/v1/health')).status;
}

describePostgres('health while the database goes away and comes back [postgres+redis]', () => {
  let t: TestApp;
  let name: string;

  beforeAll(async () => {
    t = await createTestApp(postgres!);
    name = new URL(t.config.databaseUrl).pathname.slice(1);
  });
  afterAll(() => t.close());

  it('answers 503 while the database is unreachable and 200 again once it is back, without a restart', async () => {
    expect(await healthStatus(t)).toBe(200);
    await onServer(`DROP DATABASE ${name} WITH (FORCE)`);
    expect(await healthStatus(t)).toBe(503);
    await onServer(`CREATE DATABASE ${name}`);
    expect(await healthStatus(t)).toBe(200);
  });
});
