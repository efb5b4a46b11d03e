import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";
const MAX_BALANCE = '9007199254740991';

/**
 * Every table as the entities state it, and as PostgreSQL already has it:
 * - a single-column primary key is NOT NULL (SQLite lets a PRIMARY KEY other than an INTEGER one
 *   hold NULL unless it says NOT NULL: sqlite.org/lang_createtable.html, "PRIMARY KEY");
 * - foreign keys and checks are table constraints named as PostgreSQL named them, the only form
 *   in which TypeORM reads them back from SQLite;
 * - wallets and bank accounts gain the balance bounds PostgreSQL holds since ServiceKeysAndMoney.
 * The data is copied as it is. Tables rebuilt as in CharacterEndStates: with foreign keys off, or
 * dropping a table would cascade into the tables that reference it; their indexes and triggers
 * are read back from the schema and made again.
 */
const TABLES: Record<string, string> = {
  users: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "permissions" integer NOT NULL,
    "maxCharacters" integer NOT NULL,
    "activeCharacterId" varchar(20) NULL,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "users_maxCharacters_check" CHECK ("maxCharacters" >= 0),
    CONSTRAINT "FK_users_active_character" FOREIGN KEY ("activeCharacterId") REFERENCES "characters" ("id") ON DELETE SET NULL`,
  provider_links: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "userId" varchar(20) NOT NULL,
    "providerName" varchar(16) NOT NULL,
    "externalId" varchar(128) NOT NULL,
    "externalMetadata" text NOT NULL,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    "unlinkedAt" datetime NULL,
    CONSTRAINT "provider_links_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  sessions: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "familyId" varchar(20) NOT NULL,
    "userId" varchar(20) NOT NULL,
    "accessTokenHash" varchar(64) NOT NULL,
    "refreshTokenHash" varchar(64) NOT NULL,
    "accessExpiresAt" datetime NOT NULL,
    "refreshExpiresAt" datetime NOT NULL,
    "active" boolean NOT NULL DEFAULT 1,
    "rotatedAt" datetime NULL,
    "successorSealed" text NULL,
    "revokedAt" datetime NULL,
    "ip" varchar(64) NULL,
    "userAgent" varchar(512) NULL,
    "createdAt" ${NOW},
    CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  characters: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "userId" varchar(20) NOT NULL,
    "firstNames" varchar(50) NOT NULL,
    "lastNames" varchar(50) NOT NULL,
    "age" integer NOT NULL,
    "height" integer NOT NULL,
    "gender" varchar(16) NOT NULL,
    "bloodType" varchar(3) NOT NULL,
    "nationality" varchar(8) NOT NULL,
    "dob" varchar(10) NOT NULL,
    "avatarHash" varchar(80) NULL,
    "idCardHash" varchar(80) NULL,
    "fullBodyHash" varchar(80) NULL,
    "avatar3dHash" varchar(80) NULL,
    "avatar3dCamera" text NULL,
    "avatar3dAABB" text NULL,
    "signatureData" text NULL,
    "idStatus" varchar(20) NOT NULL DEFAULT 'draft',
    "submittedAt" datetime NULL,
    "reviewNote" varchar(500) NULL,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "characters_idStatus_check" CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved', 'retired', 'deceased')),
    CONSTRAINT "characters_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  wallets: `
    "characterId" varchar(20) NOT NULL PRIMARY KEY,
    "balance" bigint NOT NULL DEFAULT 0,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "CHK_wallets_balance" CHECK ("balance" BETWEEN 0 AND ${MAX_BALANCE}),
    CONSTRAINT "wallets_characterId_fkey" FOREIGN KEY ("characterId") REFERENCES "characters" ("id") ON DELETE CASCADE`,
  banks: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "ownerId" varchar(20) NOT NULL,
    "name" varchar(64) NOT NULL,
    "iconHash" varchar(80) NULL,
    "capital" bigint NOT NULL DEFAULT 0,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "banks_capital_check" CHECK ("capital" >= 0 AND "capital" <= ${MAX_BALANCE}),
    CONSTRAINT "banks_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "characters" ("id")`,
  bank_accounts: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "bankId" varchar(20) NOT NULL,
    "characterId" varchar(20) NOT NULL,
    "balance" bigint NOT NULL DEFAULT 0,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "CHK_bank_accounts_balance" CHECK ("balance" BETWEEN 0 AND ${MAX_BALANCE}),
    CONSTRAINT "bank_accounts_bankId_fkey" FOREIGN KEY ("bankId") REFERENCES "banks" ("id") ON DELETE CASCADE,
    CONSTRAINT "bank_accounts_characterId_fkey" FOREIGN KEY ("characterId") REFERENCES "characters" ("id") ON DELETE CASCADE`,
  bank_ledger: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "bankId" varchar(20) NOT NULL,
    "actorUserId" varchar(20) NULL,
    "change" bigint NOT NULL,
    "capitalAfter" bigint NOT NULL,
    "reason" varchar(16) NOT NULL,
    "createdAt" ${NOW},
    CONSTRAINT "bank_ledger_bankId_fkey" FOREIGN KEY ("bankId") REFERENCES "banks" ("id") ON DELETE CASCADE,
    CONSTRAINT "bank_ledger_actorUserId_fkey" FOREIGN KEY ("actorUserId") REFERENCES "users" ("id") ON DELETE SET NULL`,
  audit_events: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "action" varchar(64) NOT NULL,
    "actorType" varchar(16) NOT NULL,
    "actorId" varchar(20) NULL,
    "subjectType" varchar(16) NOT NULL,
    "subjectId" varchar(20) NOT NULL,
    "data" text NOT NULL,
    "createdAt" ${NOW}`,
  webhooks: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "url" varchar(2048) NOT NULL,
    "events" text NOT NULL,
    "format" varchar(16) NOT NULL,
    "description" varchar(500) NULL,
    "secret" varchar(128) NULL,
    "active" boolean NOT NULL DEFAULT 1,
    "createdAt" ${NOW}, "updatedAt" ${NOW}`,
  webhook_deliveries: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "webhookId" varchar(20) NOT NULL,
    "eventId" varchar(20) NOT NULL,
    "action" varchar(64) NOT NULL,
    "payload" text NOT NULL,
    "status" varchar(16) NOT NULL,
    "attempts" integer NOT NULL DEFAULT 0,
    "lastStatusCode" integer NULL,
    "lastError" varchar(500) NULL,
    "nextAttemptAt" datetime NOT NULL,
    "windowStartedAt" datetime NOT NULL,
    "claimedUntil" datetime NULL,
    "createdAt" ${NOW},
    "deliveredAt" datetime NULL,
    CONSTRAINT "webhook_deliveries_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "webhooks" ("id") ON DELETE CASCADE`,
  service_keys: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "name" varchar(64) NOT NULL,
    "permissions" integer NOT NULL,
    "keyHash" varchar(64) NOT NULL,
    "createdAt" ${NOW},
    "lastUsedAt" datetime NULL`,
  transfers: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "fromType" varchar(8) NOT NULL,
    "fromId" varchar(20) NULL,
    "toType" varchar(8) NOT NULL,
    "toId" varchar(20) NULL,
    "amount" bigint NOT NULL,
    "memo" varchar(140) NULL,
    "actorType" varchar(16) NOT NULL,
    "actorId" varchar(20) NOT NULL,
    "createdAt" ${NOW},
    CONSTRAINT "transfers_amount_check" CHECK ("amount" > 0)`,
  statement_entries: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "holderType" varchar(8) NOT NULL,
    "holderId" varchar(20) NOT NULL,
    "transferId" varchar(20) NOT NULL,
    "amount" bigint NOT NULL,
    "balanceAfter" bigint NOT NULL,
    "counterpartyType" varchar(8) NOT NULL,
    "counterpartyId" varchar(20) NULL,
    "memo" varchar(140) NULL,
    "createdAt" ${NOW},
    CONSTRAINT "statement_entries_transferId_fkey" FOREIGN KEY ("transferId") REFERENCES "transfers" ("id")`,
  sanctions: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "userId" varchar(20) NOT NULL,
    "type" varchar(16) NOT NULL,
    "reason" varchar(500) NOT NULL,
    "issuedBy" varchar(20) NOT NULL,
    "expiresAt" datetime NULL,
    "revokedAt" datetime NULL,
    "revokedBy" varchar(20) NULL,
    "revokeReason" varchar(500) NULL,
    "createdAt" ${NOW},
    CONSTRAINT "sanctions_type_check" CHECK ("type" IN ('ban', 'suspension', 'warning')),
    CONSTRAINT "sanctions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  staff_notes: `
    "id" varchar(20) NOT NULL PRIMARY KEY,
    "userId" varchar(20) NOT NULL,
    "authorId" varchar(20) NOT NULL,
    "body" varchar(2000) NOT NULL,
    "pinned" boolean NOT NULL DEFAULT 0,
    "createdAt" ${NOW}, "updatedAt" ${NOW},
    CONSTRAINT "staff_notes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  user_tags: `
    "tag" varchar(32) NOT NULL,
    "userId" varchar(20) NOT NULL,
    "createdAt" ${NOW},
    PRIMARY KEY ("tag", "userId"),
    CONSTRAINT "user_tags_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  user_name_terms: `
    "term" varchar(128) NOT NULL,
    "userId" varchar(20) NOT NULL,
    PRIMARY KEY ("term", "userId"),
    CONSTRAINT "user_name_terms_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE`,
  character_name_words: `
    "word" varchar(50) NOT NULL,
    "characterId" varchar(20) NOT NULL,
    PRIMARY KEY ("word", "characterId"),
    CONSTRAINT "character_name_words_characterId_fkey" FOREIGN KEY ("characterId") REFERENCES "characters" ("id") ON DELETE CASCADE`,
};

export class SchemaInStep1765800000000 implements MigrationInterface {
  name = 'SchemaInStep1765800000000';
  // PRAGMA foreign_keys is a no-op inside a transaction: this migration runs its own.
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    await db.query('PRAGMA foreign_keys = OFF');
    try {
      await db.startTransaction();
      try {
        for (const [table, definition] of Object.entries(TABLES)) await rebuild(db, table, definition);
        const broken = (await db.query('PRAGMA foreign_key_check')) as unknown[];
        if (broken.length) throw new Error(`${broken.length} foreign keys broken by the rebuild`);
        await db.commitTransaction();
      } catch (error) {
        await db.rollbackTransaction();
        throw error;
      }
    } finally {
      await db.query('PRAGMA foreign_keys = ON');
    }
  }

  /**
   * Nothing to undo: the columns and their data are unchanged, and the earlier migrations' own
   * `down` steps work on the rebuilt tables (CharacterEndStates finds its CHECK text in them).
   */
  async down(): Promise<void> {}
}

async function rebuild(db: QueryRunner, table: string, definition: string): Promise<void> {
  const dependents = (await db.query(
    `SELECT "sql" FROM "sqlite_master" WHERE "tbl_name" = ? AND "type" IN ('index', 'trigger') AND "sql" IS NOT NULL`,
    [table],
  )) as { sql: string }[];
  const columns = ((await db.query(`PRAGMA table_info("${table}")`)) as { name: string }[]).map(({ name }) => `"${name}"`).join(', ');
  await db.query(`CREATE TABLE "${table}_rebuilt" (${definition})`);
  await db.query(`INSERT INTO "${table}_rebuilt" (${columns}) SELECT ${columns} FROM "${table}"`);
  await db.query(`DROP TABLE "${table}"`);
  await db.query(`ALTER TABLE "${table}_rebuilt" RENAME TO "${table}"`);
  for (const { sql } of dependents) await db.query(sql);
}
