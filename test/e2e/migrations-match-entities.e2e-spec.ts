/**
 * The hand-written migrations of each dialect make exactly the schema the entities state, so the
 * two cannot drift apart: on a fresh database of each, after every migration, TypeORM's schema
 * builder has nothing left to change (`createSchemaBuilder().log()` has no queries; on failure
 * the queries it would run say what drifted). The schema is never synchronized: this only asks.
 *
 * Nothing is left out of that comparison. The entities state each dialect's own column types
 * through `DialectDataSource` (src/database/columns.ts): TypeORM's decorators take one type for
 * every database, while the migrations keep snowflake ids as varchar(20) on SQLite and times as
 * timestamptz on PostgreSQL. On SQLite the test also compares what the schema builder does not,
 * and checks that SchemaInStep's rebuild of every table keeps the rows it finds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { buildDataSourceOptions, DialectDataSource } from '../../src/database/data-source-options';
import { SQLITE_MIGRATIONS } from '../../src/database/migrations/sqlite';
import { SchemaInStep1765800000000 } from '../../src/database/migrations/sqlite/1765800000000-schema-in-step';
import { runMigrations } from '../../src/database/migrate';
import { ENTITIES } from '../../src/entities';
import { createTestApp, type FreshDatabase, freshDatabase } from '../support/app';
import { describeEachBackend } from '../support/backends';

async function pendingChanges(dataSource: DataSource): Promise<string[]> {
  const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
  return upQueries.map(({ query, parameters }) => (parameters?.length ? `${query} -- ${JSON.stringify(parameters)}` : query));
}

/**
 * What the schema builder does not compare: a CHECK's expression (it matches checks by name) and
 * an index's column order and WHERE (it matches indexes by name and column set). SQLite keeps
 * them as written, so there they are compared too; PostgreSQL hands them back rewritten.
 */
async function uncomparedDifferences(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  const differences: string[] = [];
  try {
    for (const metadata of dataSource.entityMetadatas) {
      const table = (await runner.getTable(metadata.tablePath))!;
      for (const check of metadata.checks) {
        const stored = table.checks.find(({ name }) => name === check.name)?.expression;
        if (stored !== `(${check.expression})`) differences.push(`${check.name}: ${stored} in the database, (${check.expression}) in the entity`);
      }
      for (const index of metadata.indices) {
        const stored = table.indices.find(({ name }) => name === index.name);
        const stated = `(${index.columns.map(({ databaseName }) => databaseName).join(', ')}) WHERE ${index.where ?? '-'}`;
        const found = stored && `(${stored.columnNames.join(', ')}) WHERE ${stored.where || '-'}`;
        if (found !== stated) differences.push(`${index.name}: ${found} in the database, ${stated} in the entity`);
      }
    }
  } finally {
    await runner.release();
  }
  return differences;
}

describeEachBackend('the migrations make the schema the entities state', (backend) => {
  let folder: string;
  let database: FreshDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-schema-'));
    database = await freshDatabase(backend, folder);
    dataSource = await new DialectDataSource(buildDataSourceOptions(database.url, ENTITIES)).initialize();
    await runMigrations(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('runs every migration', async () => {
    expect(await dataSource.showMigrations()).toBe(false);
    expect(dataSource.entityMetadatas.length).toBeGreaterThan(0);
  });

  it("leaves TypeORM's schema builder nothing to change", async () => {
    expect(await pendingChanges(dataSource)).toEqual([]);
  });

  if (backend.name === 'sqlite') {
    it('has the CHECK expressions and index columns, in order, that the entities state', async () => {
      expect(await uncomparedDifferences(dataSource)).toEqual([]);
    });
  }

  it("holds for the application's own data source too", async () => {
    const t = await createTestApp(backend);
    try {
      expect(t.dataSource).toBeInstanceOf(DialectDataSource);
      expect(await pendingChanges(t.dataSource)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

/** One row in every table, written before SchemaInStep rebuilt SQLite's tables. */
const ROWS_BEFORE_THE_REBUILD = [
  `INSERT INTO "users" VALUES ('9223372036854775807', 7, 2, NULL, '2001-02-03 04:05:06.789', '2001-02-03 04:05:06.789')`,
  `INSERT INTO "characters" ("id", "userId", "firstNames", "lastNames", "age", "height", "gender", "bloodType", "nationality", "dob", "avatar3dCamera", "idStatus", "submittedAt")
     VALUES ('9223372036854775000', '9223372036854775807', 'Ñandú', 'Zoë 🐉', 30, 170, 'Femenino', 'O+', 'ARG', '1995-04-12', '{"fov":60}', 'pending_approval', '2001-02-03 04:05:06.789')`,
  `UPDATE "users" SET "activeCharacterId" = '9223372036854775000'`,
  `INSERT INTO "provider_links" ("id", "userId", "providerName", "externalId", "externalMetadata", "unlinkedAt") VALUES ('11', '9223372036854775807', 'chatapp', 'x', '{}', NULL)`,
  `INSERT INTO "sessions" ("id", "familyId", "userId", "accessTokenHash", "refreshTokenHash", "accessExpiresAt", "refreshExpiresAt", "active")
     VALUES ('12', '12', '9223372036854775807', 'a', 'r', '2001-02-03 04:05:06.789', '2001-02-03 04:05:06.789', 0)`,
  `INSERT INTO "wallets" ("characterId", "balance") VALUES ('9223372036854775000', 9007199254740991)`,
  `INSERT INTO "banks" ("id", "ownerId", "name", "capital") VALUES ('13', '9223372036854775000', 'Banco', 5)`,
  `INSERT INTO "bank_accounts" ("id", "bankId", "characterId", "balance") VALUES ('14', '13', '9223372036854775000', 3)`,
  `INSERT INTO "bank_ledger" ("id", "bankId", "actorUserId", "change", "capitalAfter", "reason") VALUES ('15', '13', NULL, 5, 5, 'created')`,
  `INSERT INTO "audit_events" ("id", "action", "actorType", "actorId", "subjectType", "subjectId", "data") VALUES ('16', 'a.b', 'cli', NULL, 'user', '1', '{}')`,
  `INSERT INTO "webhooks" ("id", "url", "events", "format") VALUES ('17', 'http://x.example/', '["*"]', 'standard')`,
  `INSERT INTO "webhook_deliveries" ("id", "webhookId", "eventId", "action", "payload", "status", "nextAttemptAt", "windowStartedAt")
     VALUES ('18', '17', '16', 'a.b', '{}', 'pending', '2001-02-03 04:05:06.789', '2001-02-03 04:05:06.789')`,
  `INSERT INTO "service_keys" ("id", "name", "permissions", "keyHash") VALUES ('19', 'game', 1, 'h')`,
  `INSERT INTO "transfers" ("id", "fromType", "fromId", "toType", "toId", "amount", "actorType", "actorId") VALUES ('20', 'external', NULL, 'character', '9223372036854775000', 1, 'user', '9223372036854775807')`,
  `INSERT INTO "statement_entries" ("id", "holderType", "holderId", "transferId", "amount", "balanceAfter", "counterpartyType")
     VALUES ('21', 'character', '9223372036854775000', '20', 1, 1, 'external')`,
  `INSERT INTO "idempotency_keys" ("principalId", "key", "requestHash", "response") VALUES ('9223372036854775807', 'k', 'h', '{}')`,
  `INSERT INTO "sanctions" ("id", "userId", "type", "reason", "issuedBy") VALUES ('22', '9223372036854775807', 'warning', 'r', '1')`,
  `INSERT INTO "staff_notes" ("id", "userId", "authorId", "body") VALUES ('23', '9223372036854775807', '1', 'b')`,
  `INSERT INTO "user_tags" ("tag", "userId") VALUES ('vip', '9223372036854775807')`,
  `INSERT INTO "user_name_terms" ("term", "userId") VALUES ('ñandú', '9223372036854775807')`,
  `INSERT INTO "character_name_words" ("word", "characterId") VALUES ('zoë', '9223372036854775000')`,
];

describe('the SQLite rebuild of SchemaInStep', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-rebuild-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function migrated(migrations: DataSourceOptions['migrations']): Promise<DataSource> {
    const dataSource = await new DialectDataSource({ ...buildDataSourceOptions(`sqlite:${join(folder, 'db.sqlite')}`), migrations }).initialize();
    await runMigrations(dataSource);
    return dataSource;
  }

  async function everyRow(dataSource: DataSource): Promise<Record<string, unknown[]>> {
    const tables = (await dataSource.query(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "name" NOT IN ('migrations', 'sqlite_sequence')`)) as { name: string }[];
    const rows: Record<string, unknown[]> = {};
    for (const { name } of tables) rows[name] = await dataSource.query(`SELECT * FROM "${name}" ORDER BY 1, 2`);
    return rows;
  }

  it('keeps every row, the foreign keys whole and the triggers working', async () => {
    const rebuild = SQLITE_MIGRATIONS.indexOf(SchemaInStep1765800000000);
    const before = await migrated(SQLITE_MIGRATIONS.slice(0, rebuild));
    for (const sql of ROWS_BEFORE_THE_REBUILD) await before.query(sql);
    const rows = await everyRow(before);
    await before.destroy();

    const after = await migrated(SQLITE_MIGRATIONS.slice(0, rebuild + 1));
    try {
      expect(Object.values(rows).every((table) => table.length > 0)).toBe(true);
      expect(await everyRow(after)).toEqual(rows);
      expect(await after.query('PRAGMA foreign_key_check')).toEqual([]);
      await after.query(`UPDATE "characters" SET "idStatus" = 'approved'`);
      expect(await after.query(`SELECT "count" FROM "pending_character_count"`)).toEqual([{ count: 0 }]);
      await expect(after.query(`INSERT INTO "users" ("id", "permissions", "maxCharacters") VALUES (NULL, 0, 0)`)).rejects.toThrow(/NOT NULL/);
      await expect(after.query(`UPDATE "wallets" SET "balance" = -1`)).rejects.toThrow(/CHECK/);
    } finally {
      await after.destroy();
    }
  });
});
