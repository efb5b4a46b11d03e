import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, freshDatabase, type FreshDatabase, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { cli, manifestOf, readArchive, withManifest, writeArchive } from '../support/archives';
import { aUser } from '../support/factories';

/** Building, exporting and importing a whole community takes a while on a busy machine. */
jest.setTimeout(300_000);

const TABLES_WITH_ROWS = ['users', 'characters', 'wallets', 'statement_entries', 'audit_events', 'sanctions'];

describeEachBackend('archive: refused imports', (backend) => {
  let folder: string;
  let source: TestApp;
  let archive: string;
  let target: FreshDatabase;
  let targetEnv: Record<string, string>;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-refusals-'));
    source = await createTestApp(backend);
    expect((await cli({ DATABASE_URL: source.config.databaseUrl, STORAGE_URL: source.config.storageUrl }, 'demo')).code).toBe(0);
    archive = join(folder, 'community.tar.gz');
    expect((await cli({ DATABASE_URL: source.config.databaseUrl, STORAGE_URL: source.config.storageUrl }, 'export', archive)).code).toBe(0);
    target = await freshDatabase(backend, folder);
    targetEnv = { DATABASE_URL: target.url, STORAGE_URL: `file:${join(folder, 'target-files')}` };
  });
  afterAll(async () => {
    await source.close();
    await target.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** The import fails with one line and exit code 1, and the target holds no row and no file. */
  async function expectRefused(file: string, reason: RegExp): Promise<void> {
    const result = await cli(targetEnv, 'import', file);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/^error: import refused: /);
    expect(result.err[0]).toMatch(reason);
    await expectTargetEmpty();
  }

  async function expectTargetEmpty(): Promise<void> {
    const app = await createTestApp(backend, { env: targetEnv });
    try {
      for (const table of TABLES_WITH_ROWS) {
        const [{ count }] = await app.dataSource.query(`SELECT COUNT(*) AS "count" FROM "${table}"`);
        expect({ table, count: Number(count) }).toEqual({ table, count: 0 });
      }
    } finally {
      await app.close();
    }
    expect(await filesUnder(join(folder, 'target-files'))).toEqual([]);
  }

  async function variant(name: string, bytes: Buffer): Promise<string> {
    const file = join(folder, name);
    await writeFile(file, bytes);
    return file;
  }

  it('refuses an archive with one byte changed', async () => {
    const bytes = await readFile(archive);
    const changed = Buffer.from(bytes);
    changed[Math.floor(bytes.length / 2)] ^= 0x20;
    await expectRefused(await variant('changed.tar.gz', changed), /corrupt|SHA-256|cut short/);
  });

  it('refuses an archive cut short', async () => {
    const bytes = await readFile(archive);
    await expectRefused(await variant('cut.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.7))), /corrupt or cut short|lacks/);
  });

  it('refuses an archive with a row removed, even with its digest made to agree', async () => {
    const entries = await readArchive(archive);
    const audit = entries.find((entry) => entry.name === 'tables/audit_events.jsonl')!;
    const lines = audit.body.toString().trimEnd().split('\n');
    audit.body = Buffer.from(`${lines.slice(1).join('\n')}\n`);
    const file = join(folder, 'row-removed.tar.gz');
    await writeArchive(file, entries, true);
    await expectRefused(file, new RegExp(`table audit_events has ${lines.length - 1} rows; the manifest says ${lines.length}`));
  });

  it('refuses an archive of a newer format or a newer migration', async () => {
    const entries = await readArchive(archive);
    const newerFormat = join(folder, 'newer-format.tar.gz');
    await writeArchive(newerFormat, withManifest(entries, (manifest) => (manifest.formatVersion = 2)));
    await expectRefused(newerFormat, /format version 2.*upgrade the service/);
    const newerMigration = join(folder, 'newer-migration.tar.gz');
    await writeArchive(newerMigration, withManifest(entries, (manifest) => (manifest.migration = 'FromTheFuture9999999999999')));
    await expectRefused(newerMigration, /migration FromTheFuture9999999999999.*upgrade the service/);
  });

  it('refuses a target database that already has users, and leaves it as it was', async () => {
    const busy = await createTestApp(backend);
    try {
      const user = await aUser(busy);
      const env = { DATABASE_URL: busy.config.databaseUrl, STORAGE_URL: busy.config.storageUrl };
      const result = await cli(env, 'import', archive);
      expect(result).toMatchObject({ code: 1, err: [expect.stringMatching(/^error: import refused: the target database is not empty: table users has rows$/)] });
      const users = await busy.dataSource.query('SELECT "id" FROM "users"');
      expect(users.map((row: { id: string }) => String(row.id))).toEqual([user.id]);
    } finally {
      await busy.close();
    }
  });

  it('imports an archive of an older migration after migrating its rows', async () => {
    const entries = await readArchive(archive);
    const manifest = manifestOf(entries);
    const frozenBefore = new Map<string, boolean>();
    // As the archive was before FrozenMoney1766000000000 (no frozen column on wallets and accounts),
    // ServiceKeyMakers1766200000000 (no maker of a key), the organisations' migrations (no
    // organisations, invoices or payroll) and ChatRoles1766400000000 (no synced bits on users, no
    // chat tables).
    const laterColumns: Record<string, string[]> = {
      wallets: ['frozen'],
      bank_accounts: ['frozen'],
      service_keys: ['createdBy'],
      users: ['syncedPermissions', 'chatMfa'],
    };
    const laterTables = ['organisations', 'organisation_grades', 'organisation_members', 'invoices', 'payroll_runs', 'chat_members', 'chat_role_settings'];
    const older = withManifest(entries, (changed) => {
      changed.migration = 'CharacterEndStates1765700000001';
      changed.tables = changed.tables.filter((table) => !laterTables.includes(table.name));
      changed.sums = Object.fromEntries(Object.entries(changed.sums).filter(([sum]) => !laterTables.includes(sum.split('.')[0])));
      for (const table of changed.tables.filter((t) => t.name in laterColumns)) {
        table.columns = table.columns.filter((column) => !laterColumns[table.name].includes(column.name));
      }
    }).filter((entry) => !laterTables.some((table) => entry.name === `tables/${table}.jsonl`));
    for (const entry of older.filter((e) => Object.keys(laterColumns).some((table) => e.name === `tables/${table}.jsonl`))) {
      const rows = entry.body.toString().trimEnd().split('\n').filter(Boolean).map((line) => JSON.parse(line));
      for (const row of rows) {
        if ('frozen' in row) frozenBefore.set(`${entry.name}:${row.characterId ?? row.id}:${row.id ?? ''}`, row.frozen);
        for (const column of laterColumns[entry.name.slice('tables/'.length, -'.jsonl'.length)]) delete row[column];
      }
      entry.body = Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    }
    expect([...frozenBefore.values()]).toContain(true);
    const file = join(folder, 'older.tar.gz');
    await writeArchive(file, older, true);
    const result = await cli(targetEnv, 'import', file);
    expect(result).toMatchObject({ code: 0, err: [] });
    // The tables made later start empty, but the chat-roles migration makes a chat member of each current chat link.
    const rows = { ...Object.fromEntries(manifest.tables.map((t) => [t.name, laterTables.includes(t.name) ? 0 : t.rows])), chat_members: expect.any(Number) };
    const imported = JSON.parse(result.out).imported;
    expect(imported).toMatchObject({ migration: manifest.migration, rows });
    const restored = await createTestApp(backend, { env: targetEnv });
    try {
      const [{ links }] = await restored.dataSource.query(`SELECT count(*) AS "links" FROM "provider_links" WHERE "providerName" = 'chatapp' AND "unlinkedAt" IS NULL`);
      expect(imported.rows.chat_members).toBe(Number(links));
      const wallets = await restored.dataSource.query('SELECT "characterId", "frozen" FROM "wallets"');
      for (const wallet of wallets) {
        expect(Boolean(wallet.frozen)).toBe(frozenBefore.get(`tables/wallets.jsonl:${wallet.characterId}:`));
      }
    } finally {
      await restored.close();
    }
  });
});

/** Every file below `folder` (folders left empty do not count). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
