import { applicationTables, DERIVED_TABLES } from '../../src/archive/table-shapes';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { cli } from '../support/archives';
import { bytesOf } from '../support/files';

/** Building, exporting and importing a whole community takes a while on a busy machine. */
jest.setTimeout(300_000);

describeEachBackend('npm run cli -- demo', (backend) => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    env = { DATABASE_URL: t.config.databaseUrl, STORAGE_URL: t.config.storageUrl };
  });
  afterAll(() => t.close());

  it('archives every table of the database: each is an entity, or derived from the others', async () => {
    const catalogue: { name: string }[] = await t.dataSource.query(
      backend.postgresUrl
        ? `SELECT table_name AS "name" FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
        : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
    );
    const archived = applicationTables(t.dataSource).map((table) => table.name);
    expect(catalogue.map((row) => row.name).filter((name) => !DERIVED_TABLES.includes(name)).sort()).toEqual([...archived].sort());
  });

  it('fills an empty database with a community a person can sign in to, and refuses to do it twice', async () => {
    const result = await cli(env, 'demo');
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out).toMatch(/^demo community ready: 10 people, 14 characters, 2 banks, 3 organisations, \d+ transfers/);
    expect(result.out).toMatch(/^ {2}admin +administrator$/m);
    // One person with two living characters: the development flow of docs/organisations.md.
    const [, first, second] = result.out.match(/^ {2}diego_games +player; characters: Diego Fernández (\d+), Andrés Fernández (\d+)$/m)!;

    const query = (sql: string) => t.dataSource.query(sql);
    const statuses = (await query('SELECT DISTINCT "idStatus" AS "status" FROM "characters"')).map((row: { status: string }) => row.status);
    expect(statuses.sort()).toEqual(['approved', 'deceased', 'draft', 'pending_approval', 'retired']);
    const rejected = await query(`SELECT "reviewNote" FROM "characters" WHERE "reviewNote" IS NOT NULL`);
    expect(rejected).toHaveLength(1);
    const cards = await query(`SELECT "idCardHash", "avatarHash" FROM "characters" WHERE "idStatus" IN ('approved', 'retired', 'deceased')`);
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) {
      const image = await bytesOf(t.http().get(`/v1/images/ids/${card.idCardHash}`));
      expect(image.status).toBe(200);
      expect(image.body.subarray(1, 4).toString()).toBe('PNG');
    }
    const links = await query(`SELECT "providerName", COUNT(*) AS "count" FROM "provider_links" GROUP BY "providerName" ORDER BY "providerName"`);
    expect(links.map((row: { providerName: string; count: string | number }) => [row.providerName, Number(row.count)])).toEqual([
      ['chatapp', 10],
      ['gameplatform', 8],
    ]);
    const actions = (await query('SELECT DISTINCT "action" FROM "audit_events"')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.permissions_changed',
        'user.provider_linked',
        'character.submitted',
        'character.approved',
        'character.rejected',
        'character.retired',
        'character.deceased',
        'bank.created',
        'account.opened',
        'transfer.external',
        'sanction.issued',
        'sanction.revoked',
        'service_key.created',
        'organisation.created',
        'organisation.member_hired',
        'organisation.payroll_paid',
        'invoice.issued',
        'invoice.paid',
      ]),
    );
    const invoices = await query(`SELECT "kind", "status" FROM "invoices" ORDER BY "id"`);
    expect(invoices).toEqual([
      { kind: 'fine', status: 'pending' },
      { kind: 'fine', status: 'pending' },
      { kind: 'invoice', status: 'paid' },
    ]);
    const retiredMembers = await query(
      `SELECT COUNT(*) AS "count" FROM "organisation_members" WHERE "characterId" IN (SELECT "id" FROM "characters" WHERE "idStatus" = 'retired')`,
    );
    expect(Number(retiredMembers[0].count)).toBe(0);
    const diegos = await query(`SELECT "idStatus", "userId" FROM "characters" WHERE "id" IN ('${first}', '${second}')`);
    expect(diegos).toEqual([expect.objectContaining({ idStatus: 'approved' }), expect.objectContaining({ idStatus: 'approved', userId: diegos[0].userId })]);
    const wallets = await query(`SELECT "balance" FROM "wallets" WHERE "characterId" IN ('${first}', '${second}')`);
    expect(wallets.map((wallet: { balance: string | number }) => Number(wallet.balance) > 0)).toEqual([true, true]);
    const [{ frozen }] = await query(`SELECT COUNT(*) AS "frozen" FROM "wallets" WHERE "frozen" = ${backend.postgresUrl ? 'true' : '1'}`);
    expect(Number(frozen)).toBe(2);
    expect(Number((await query('SELECT COUNT(*) AS "count" FROM "statement_entries"'))[0].count)).toBeGreaterThan(40);

    const again = await cli(env, 'demo');
    expect(again).toMatchObject({ code: 1, err: [expect.stringMatching(/^error: demo needs an empty database; table \w+ has rows/)] });
  });
});
