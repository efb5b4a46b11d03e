import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listBackups } from '../../src/archive/backup-folder';
import { MetricsService } from '../../src/metrics/metrics.service';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, freshDatabase, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { cli } from '../support/archives';
import { aUser, type Player, signIn } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, transfer, wallet } from '../support/money';

/** Building, exporting and importing a whole community takes a while on a busy machine. */
jest.setTimeout(300_000);

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function successes(t: TestApp): Promise<number> {
  const metric = await t.app.get(MetricsService).backups.get();
  return metric.values.find((value) => value.labels.outcome === 'success')?.value ?? 0;
}

describeEachBackend('scheduled backups', (backend) => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-backups-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes one archive per interval, keeps the newest BACKUP_KEEP, counts each, and the newest restores', async () => {
    const dir = join(folder, 'scheduled');
    const app = await createTestApp(backend, { env: { BACKUP_DIR: dir, BACKUP_INTERVAL_MS: '1000', BACKUP_KEEP: '2' } });
    let user;
    try {
      user = await aUser(app);
      await until(async () => (await successes(app)) >= 3, 30_000, 'three backups');
    } finally {
      await app.close();
    }
    const kept = await listBackups(dir);
    expect(kept).toHaveLength(2);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const target = await freshDatabase(backend, await mkdtemp(join(folder, 'restore-')));
    try {
      const restored = await cli({ DATABASE_URL: target.url, STORAGE_URL: `file:${join(folder, 'restored-files')}` }, 'import', join(dir, kept[1]));
      expect(restored.code).toBe(0);
      expect(JSON.parse(restored.out).imported.rows.users).toBe(1);
      expect(user).toBeDefined();
    } finally {
      await target.drop();
    }
  });

  it('a backup taken while 50 transfers run restores to a state where every sum holds', async () => {
    const app = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    const target = await freshDatabase(backend, await mkdtemp(join(folder, 'busy-')));
    try {
      const admin = { cookie: await signIn(app, await aUser(app, { permissions: Permission.USER | Permission.ADMINISTRATOR })) };
      const players: Player[] = [];
      for (let i = 0; i < 10; i++) players.push(await anApprovedPlayer(app));
      for (const player of players) expect((await transfer(app, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 1000 })).status).toBe(201);
      const file = join(folder, 'busy.tar.gz');
      const moves = Array.from({ length: 50 }, (_, i) => {
        const from = players[i % players.length];
        const to = players[(i * 3 + 1) % players.length];
        const body = from === to ? { from: wallet(from.character.id), to: EXTERNAL, amount: 7 } : { from: wallet(from.character.id), to: wallet(to.character.id), amount: 10 + i };
        return transfer(app, from === to ? admin : { cookie: from.cookie }, body).then((response) => response.status);
      });
      const [exported, ...statuses] = await Promise.all([cli({ DATABASE_URL: app.config.databaseUrl, STORAGE_URL: app.config.storageUrl }, 'export', file), ...moves]);
      expect(exported.code).toBe(0);
      expect(statuses.every((status) => status === 201)).toBe(true);
      const imported = await cli({ DATABASE_URL: target.url, STORAGE_URL: `file:${join(folder, 'busy-files')}` }, 'import', file);
      expect(imported.code).toBe(0);
      const restored = await createTestApp(backend, { env: { DATABASE_URL: target.url, STORAGE_URL: `file:${join(folder, 'busy-files')}` } });
      try {
        await expectSumsHold(restored, JSON.parse(imported.out).imported.sums);
      } finally {
        await restored.close();
      }
    } finally {
      await app.close();
      await target.drop();
    }
  });
});

/** Each wallet's statement adds up to its balance, and all balances to the money that came in from outside. */
async function expectSumsHold(t: TestApp, sums: Record<string, string>): Promise<void> {
  const wallets: { characterId: string; balance: string | number }[] = await t.dataSource.query('SELECT "characterId", "balance" FROM "wallets"');
  let total = 0;
  for (const row of wallets) {
    const [{ sum }] = await t.dataSource.query(
      `SELECT COALESCE(SUM("amount"), 0) AS "sum" FROM "statement_entries" WHERE "holderType" = 'wallet' AND "holderId" = ${t.backend.postgresUrl ? '$1' : '?'}`,
      [row.characterId],
    );
    expect(Number(sum)).toBe(Number(row.balance));
    total += Number(row.balance);
  }
  const [{ inflow }] = await t.dataSource.query(
    `SELECT COALESCE(SUM(CASE WHEN "fromType" = 'external' THEN "amount" WHEN "toType" = 'external' THEN -"amount" ELSE 0 END), 0) AS "inflow" FROM "transfers"`,
  );
  expect(total).toBe(Number(inflow));
  expect(sums['wallets.balance']).toBe(String(total));
}
