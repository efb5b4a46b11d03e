import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { unpackArchive } from '../../src/archive/archive-reader';
import { listBackups } from '../../src/archive/backup-folder';
import { ensureBuilt, killAll, startInstance } from '../cluster/processes';
import { cli } from '../support/archives';

const AUDIT_ROWS = 150_000;

/** Enough rows that writing an archive takes a while, so a kill lands in the middle of one. */
function fillAuditLog(file: string): void {
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO "audit_events" ("id", "action", "actorType", "actorId", "subjectType", "subjectId", "data", "createdAt")
     VALUES (?, 'user.max_characters_changed', 'cli', NULL, 'user', '1000000000000000001', '{"before":3,"after":4}', '2026-01-01 00:00:00.000')`,
  );
  db.transaction(() => {
    for (let i = 0; i < AUDIT_ROWS; i++) insert.run(String(2_000_000_000_000_000_000n + BigInt(i)));
  })();
  db.close();
}

describe('scheduled backups and kill -9 [sqlite]', () => {
  let folder: string;

  beforeAll(async () => {
    ensureBuilt();
    folder = await mkdtemp(join(tmpdir(), 'rp-backup-kill-'));
  });
  afterAll(async () => {
    await killAll();
    await rm(folder, { recursive: true, force: true });
  });

  it('a process killed in the middle of a backup leaves the earlier backups whole and no partial archive under a final name', async () => {
    const env = { DATABASE_URL: `sqlite:${join(folder, 'platform.sqlite')}`, STORAGE_URL: `file:${join(folder, 'files')}` };
    expect((await cli(env, 'demo')).code).toBe(0);
    fillAuditLog(join(folder, 'platform.sqlite'));
    const dir = join(folder, 'backups');
    const settings = { ...env, NODE_ENV: 'test', BACKUP_DIR: dir, BACKUP_INTERVAL_MS: '1000', BACKUP_KEEP: '10' };
    const first = await startInstance('backups', settings);
    const deadline = Date.now() + 60_000;
    while ((await listBackups(dir)).length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = await listBackups(dir);
    expect(before.length).toBeGreaterThanOrEqual(1);
    // Wait for the next backup to start writing, then kill the process under it.
    while (!(await readdir(dir)).some((name) => name.endsWith('.tmp')) && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    first.child.kill('SIGKILL');
    await first.exited;
    const after = await listBackups(dir);
    const leftovers = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
    expect(leftovers.length).toBeGreaterThan(0); // the kill landed while an archive was being written
    expect(after.slice(0, before.length)).toEqual(before);
    for (const name of after) {
      const manifest = await unpackArchive(join(dir, name), await mkdtemp(join(folder, 'check-')));
      expect(manifest.tables.find((table) => table.name === 'audit_events')!.rows).toBeGreaterThanOrEqual(AUDIT_ROWS);
    }
    // The next instance clears what the killed one left and carries on.
    const second = await startInstance('backups-again', settings);
    while ((await listBackups(dir)).length <= after.length && Date.now() < deadline + 60_000) await new Promise((resolve) => setTimeout(resolve, 50));
    second.child.kill('SIGTERM');
    await second.exited;
    expect((await listBackups(dir)).length).toBeGreaterThan(after.length);
    const remaining = await readdir(dir);
    expect(leftovers.filter((name) => remaining.includes(name))).toEqual([]);
  }, 180_000);
});
