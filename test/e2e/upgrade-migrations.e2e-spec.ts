import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions, DialectDataSource } from '../../src/database/data-source-options';
import { runMigrations } from '../../src/database/migrate';
import { WebhookUrlsOutOfEvents1766200000001 } from '../../src/database/migrations/webhook-urls-out-of-events';
import { type FreshDatabase, freshDatabase } from '../support/app';
import { describeEachBackend } from '../support/backends';

const AT = `'2001-02-03 04:05:06.789'`;
const SECRET_URL = 'https://discord.com/api/webhooks/77/token-secreto';

/** What an older database holds: keys made by an administrator (one traced, one not), and a webhook's events with its URL. */
const ROWS_BEFORE = [
  `INSERT INTO "service_keys" ("id", "name", "permissions", "keyHash") VALUES ('600', 'traced', 16, 'h1'), ('601', 'untraced', 16, 'h2')`,
  `INSERT INTO "audit_events" ("id", "action", "actorType", "actorId", "subjectType", "subjectId", "data") VALUES
     ('700', 'service_key.created', 'user', '500', 'service_key', '600', '{"name":"traced","permissions":"16"}'),
     ('701', 'webhook.created', 'user', '500', 'webhook', '800', '{"url":"${SECRET_URL}","events":["*"],"format":"discord"}'),
     ('702', 'bank.created', 'user', '500', 'bank', '900', '{"url":"not a webhook, kept"}')`,
  `INSERT INTO "webhooks" ("id", "url", "events", "format") VALUES ('800', '${SECRET_URL}', '["*"]', 'discord')`,
  `INSERT INTO "webhook_deliveries" ("id", "webhookId", "eventId", "action", "payload", "status", "nextAttemptAt", "windowStartedAt") VALUES
     ('801', '800', '701', 'webhook.created', '{"eventId":"701","data":{"url":"${SECRET_URL}","events":["*"],"format":"discord"}}', 'pending', ${AT}, ${AT})`,
];

/** Upgrading a database that holds rows: the §13 migrations trace keys to their makers and take webhook URLs out of events. */
describeEachBackend('upgrade migrations of service keys and webhook events', (backend) => {
  let folder: string;
  let database: FreshDatabase;
  let dataSource: DataSource;

  async function migrated(migrations: DataSourceOptions['migrations']): Promise<DataSource> {
    const migrating = await new DialectDataSource({ ...buildDataSourceOptions(database.url), migrations }).initialize();
    await runMigrations(migrating);
    return migrating;
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-upgrade-'));
    database = await freshDatabase(backend, folder);
    const all = buildDataSourceOptions(database.url).migrations as Function[];
    const before = await migrated(all.slice(0, all.indexOf(WebhookUrlsOutOfEvents1766200000001) - 1));
    for (const sql of ROWS_BEFORE) await before.query(sql);
    await before.destroy();
    dataSource = await migrated(all);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("gives a key the maker its creation event names, and none to a key without one", async () => {
    const rows: { id: string; createdBy: string | null }[] = await dataSource.query(`SELECT "id", "createdBy" FROM "service_keys" ORDER BY "id"`);
    expect(rows.map((row) => [String(row.id), row.createdBy === null ? null : String(row.createdBy)])).toEqual([
      ['600', '500'],
      ['601', null],
    ]);
  });

  it('takes webhook URLs out of recorded events and their stored deliveries, and nothing else', async () => {
    const events: { id: string; data: string }[] = await dataSource.query(`SELECT "id", "data" FROM "audit_events" ORDER BY "id"`);
    expect(events.map((event) => JSON.parse(event.data))).toEqual([
      { name: 'traced', permissions: '16' },
      { events: ['*'], format: 'discord' },
      { url: 'not a webhook, kept' },
    ]);
    const [delivery]: { payload: string }[] = await dataSource.query(`SELECT "payload" FROM "webhook_deliveries"`);
    expect(JSON.parse(delivery.payload)).toEqual({ eventId: '701', data: { events: ['*'], format: 'discord' } });
    const [webhook]: { url: string }[] = await dataSource.query(`SELECT "url" FROM "webhooks"`);
    expect(webhook.url).toBe(SECRET_URL);
  });
});
