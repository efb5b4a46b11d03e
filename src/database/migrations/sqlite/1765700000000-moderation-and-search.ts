import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillSearchKeys } from '../search-backfill';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

/** Sanctions, staff notes and tags; provider links kept after unlinking; staff search terms. */
export class ModerationAndSearch1765700000000 implements MigrationInterface {
  name = 'ModerationAndSearch1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "sanctions" (
      "id" varchar(20) PRIMARY KEY,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "type" varchar(16) NOT NULL CHECK ("type" IN ('ban', 'suspension', 'warning')),
      "reason" varchar(500) NOT NULL,
      "issuedBy" varchar(20) NOT NULL,
      "expiresAt" datetime NULL,
      "revokedAt" datetime NULL,
      "revokedBy" varchar(20) NULL,
      "revokeReason" varchar(500) NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_sanctions_user" ON "sanctions" ("userId", "id")`);
    await db.query(`CREATE TABLE "staff_notes" (
      "id" varchar(20) PRIMARY KEY,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "authorId" varchar(20) NOT NULL,
      "body" varchar(2000) NOT NULL,
      "pinned" boolean NOT NULL DEFAULT 0,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_staff_notes_user" ON "staff_notes" ("userId", "id")`);
    await db.query(`CREATE TABLE "user_tags" (
      "tag" varchar(32) NOT NULL,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "createdAt" ${NOW},
      PRIMARY KEY ("tag", "userId"))`);
    await db.query(`CREATE INDEX "IDX_user_tags_user" ON "user_tags" ("userId")`);

    await db.query(`ALTER TABLE "provider_links" ADD COLUMN "unlinkedAt" datetime NULL`);
    await db.query(`DROP INDEX "UQ_provider_links_external"`);
    await db.query(`DROP INDEX "UQ_provider_links_user_provider"`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_external" ON "provider_links" ("providerName", "externalId")
      WHERE "unlinkedAt" IS NULL`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_user_provider" ON "provider_links" ("userId", "providerName")
      WHERE "unlinkedAt" IS NULL`);
    await db.query(`CREATE INDEX "IDX_provider_links_external_all" ON "provider_links" ("providerName", "externalId")`);
    await db.query(`CREATE INDEX "IDX_provider_links_user" ON "provider_links" ("userId")`);
    await db.query(`CREATE TABLE "user_name_terms" (
      "term" varchar(128) NOT NULL,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      PRIMARY KEY ("term", "userId"))`);
    await db.query(`CREATE INDEX "IDX_user_name_terms_user" ON "user_name_terms" ("userId", "term")`);

    await db.query(`CREATE TABLE "character_name_words" (
      "word" varchar(50) NOT NULL,
      "characterId" varchar(20) NOT NULL REFERENCES "characters" ("id") ON DELETE CASCADE,
      PRIMARY KEY ("word", "characterId"))`);
    await db.query(`CREATE INDEX "IDX_character_name_words_character" ON "character_name_words" ("characterId", "word")`);
    await db.query(`CREATE INDEX "IDX_characters_status_id" ON "characters" ("idStatus", "id")`);
    await backfillSearchKeys(db);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "IDX_characters_status_id"`);
    await db.query(`DROP TABLE "character_name_words"`);
    await db.query(`DROP TABLE "user_name_terms"`);
    for (const index of ['IDX_provider_links_user', 'IDX_provider_links_external_all']) await db.query(`DROP INDEX "${index}"`);
    await db.query(`DELETE FROM "provider_links" WHERE "unlinkedAt" IS NOT NULL`);
    await db.query(`DROP INDEX "UQ_provider_links_external"`);
    await db.query(`DROP INDEX "UQ_provider_links_user_provider"`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_external" ON "provider_links" ("providerName", "externalId")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_user_provider" ON "provider_links" ("userId", "providerName")`);
    await db.query(`ALTER TABLE "provider_links" DROP COLUMN "unlinkedAt"`);
    for (const table of ['user_tags', 'staff_notes', 'sanctions']) await db.query(`DROP TABLE "${table}"`);
  }
}
