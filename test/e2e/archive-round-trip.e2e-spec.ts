import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, freshDatabase, type FreshDatabase, type TestApp } from '../support/app';
import { describeEachBackend, type TestBackend, testBackends } from '../support/backends';
import { cli } from '../support/archives';
import { communityReads } from '../support/community-reads';
import { signIn } from '../support/factories';

/** Building, exporting and importing a whole community takes a while on a busy machine. */
jest.setTimeout(300_000);

/** The demo community (every kind of row and file), read by an administrator through the API. */
async function demoCommunity(backend: TestBackend): Promise<{ app: TestApp; cookie: string }> {
  const app = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  const demo = await cli({ DATABASE_URL: app.config.databaseUrl, STORAGE_URL: app.config.storageUrl }, 'demo');
  if (demo.code !== 0) throw new Error(`demo failed: ${demo.err.join(' ')}`);
  const [admin]: { id: string }[] = await app.dataSource.query(`SELECT "id" FROM "users" WHERE "permissions" >= ${Permission.ADMINISTRATOR} ORDER BY "permissions" DESC LIMIT 1`);
  return { app, cookie: await signIn(app, admin) };
}

interface Target {
  database: FreshDatabase;
  env: Record<string, string>;
}

async function emptyTarget(backend: TestBackend, folder: string, name: string): Promise<Target> {
  const database = await freshDatabase(backend, await mkdtemp(join(folder, `${name}-`)));
  return { database, env: { DATABASE_URL: database.url, STORAGE_URL: `file:${join(folder, `${name}-files`)}` } };
}

/** Exports `from`, imports into a new empty database of `backend`; returns the target. */
async function moveTo(backend: TestBackend, from: Record<string, string>, folder: string, name: string): Promise<Target> {
  const file = join(folder, `${name}.tar.gz`);
  const exported = await cli(from, 'export', file);
  expect(exported).toMatchObject({ code: 0, err: [] });
  const target = await emptyTarget(backend, folder, name);
  const imported = await cli(target.env, 'import', file);
  expect(imported).toMatchObject({ code: 0, err: [] });
  expect(JSON.parse(imported.out).imported.rows).toEqual(JSON.parse(exported.out).exported.rows);
  return target;
}

async function expectSameReads(source: TestApp, cookie: string, target: Target, backend: TestBackend): Promise<void> {
  const before = await communityReads(source, cookie);
  const restored = await createTestApp(backend, { env: { ...target.env, RATE_LIMITS: 'off', PUBLIC_BASE_URL: source.config.publicBaseUrl } });
  try {
    const after = await communityReads(restored, cookie);
    expect(Object.keys(after).length).toBeGreaterThan(100);
    expect(after).toEqual(before);
    expect(await balances(restored)).toEqual(await balances(source));
  } finally {
    await restored.close();
  }
}

/** Every wallet's and account's balance beside the sum of its statement (the chain holds). */
async function balances(t: TestApp): Promise<unknown[]> {
  const rows: { holder: string; balance: string | number; entries: string | number | null }[] = await t.dataSource.query(`
    SELECT 'wallet:' || w."characterId" AS "holder", w."balance",
      (SELECT SUM(e."amount") FROM "statement_entries" e WHERE e."holderType" = 'wallet' AND e."holderId" = w."characterId") AS "entries"
      FROM "wallets" w
    UNION ALL
    SELECT 'account:' || a."id", a."balance",
      (SELECT SUM(e."amount") FROM "statement_entries" e WHERE e."holderType" = 'account' AND e."holderId" = a."id")
      FROM "bank_accounts" a`);
  const list = rows.map((row) => ({ holder: row.holder, balance: Number(row.balance), entries: Number(row.entries ?? 0) }));
  for (const row of list) expect(row.entries).toBe(row.balance);
  return list.sort((a, b) => a.holder.localeCompare(b.holder));
}

describeEachBackend('archive: export then import', (backend) => {
  let folder: string;
  let source: { app: TestApp; cookie: string };
  const targets: Target[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-archive-'));
    source = await demoCommunity(backend);
  });
  afterAll(async () => {
    await source.app.close();
    for (const target of targets) await target.database.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores a community that answers every read the same, balances and statement chains included', async () => {
    const sourceEnv = { DATABASE_URL: source.app.config.databaseUrl, STORAGE_URL: source.app.config.storageUrl };
    const target = await moveTo(backend, sourceEnv, folder, 'copy');
    targets.push(target);
    await expectSameReads(source.app, source.cookie, target, backend);
  });
});

const postgres = testBackends().find((backend) => backend.postgresUrl);
(postgres ? describe : describe.skip)('archive: SQLite → PostgreSQL → SQLite', () => {
  it('moves the community to PostgreSQL and back with every read the same', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rp-archive-move-'));
    const sqlite: TestBackend = { name: 'sqlite' };
    const source = await demoCommunity(sqlite);
    const sourceEnv = { DATABASE_URL: source.app.config.databaseUrl, STORAGE_URL: source.app.config.storageUrl };
    const onPostgres = await moveTo(postgres!, sourceEnv, folder, 'postgres');
    try {
      await expectSameReads(source.app, source.cookie, onPostgres, postgres!);
      const back = await moveTo(sqlite, onPostgres.env, folder, 'back');
      await expectSameReads(source.app, source.cookie, back, sqlite);
    } finally {
      await source.app.close();
      await onPostgres.database.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
