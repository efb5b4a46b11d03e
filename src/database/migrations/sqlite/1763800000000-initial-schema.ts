// SQLite keeps snowflake ids as varchar: its driver would read an integer column back as a lossy number.
import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "users" (
      "id" varchar(20) PRIMARY KEY,
      "permissions" integer NOT NULL,
      "maxCharacters" integer NOT NULL CHECK ("maxCharacters" >= 0),
      "activeCharacterId" varchar(20) NULL REFERENCES "characters" ("id") ON DELETE SET NULL,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE TABLE "provider_links" (
      "id" varchar(20) PRIMARY KEY,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
      "providerName" varchar(16) NOT NULL,
      "externalId" varchar(128) NOT NULL,
      "externalMetadata" text NOT NULL,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_external" ON "provider_links" ("providerName", "externalId")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_provider_links_user_provider" ON "provider_links" ("userId", "providerName")`);
    await db.query(`CREATE TABLE "sessions" (
      "id" varchar(20) PRIMARY KEY,
      "familyId" varchar(20) NOT NULL,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
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
      "createdAt" ${NOW})`);
    await db.query(`CREATE UNIQUE INDEX "UQ_sessions_access_hash" ON "sessions" ("accessTokenHash")`);
    await db.query(`CREATE UNIQUE INDEX "UQ_sessions_refresh_hash" ON "sessions" ("refreshTokenHash")`);
    await db.query(`CREATE INDEX "IDX_sessions_user" ON "sessions" ("userId")`);
    await db.query(`CREATE INDEX "IDX_sessions_family" ON "sessions" ("familyId")`);
    await db.query(`CREATE TABLE "characters" (
      "id" varchar(20) PRIMARY KEY,
      "userId" varchar(20) NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
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
      "idStatus" varchar(20) NOT NULL DEFAULT 'draft'
        CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved')),
      "submittedAt" datetime NULL,
      "reviewNote" varchar(500) NULL,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_characters_user" ON "characters" ("userId", "createdAt")`);
    await db.query(`CREATE INDEX "IDX_characters_status_submitted" ON "characters" ("idStatus", "submittedAt", "id")`);
    await db.query(`CREATE TABLE "wallets" (
      "characterId" varchar(20) PRIMARY KEY REFERENCES "characters" ("id") ON DELETE CASCADE,
      "balance" bigint NOT NULL DEFAULT 0,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE TABLE "banks" (
      "id" varchar(20) PRIMARY KEY,
      "ownerId" varchar(20) NOT NULL REFERENCES "characters" ("id"),
      "name" varchar(64) NOT NULL,
      "iconHash" varchar(80) NULL,
      "capital" bigint NOT NULL DEFAULT 0 CHECK ("capital" >= 0 AND "capital" <= 9007199254740991),
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_banks_owner" ON "banks" ("ownerId")`);
    await db.query(`CREATE INDEX "IDX_banks_created" ON "banks" ("createdAt", "id")`);
    await db.query(`CREATE TABLE "bank_accounts" (
      "id" varchar(20) PRIMARY KEY,
      "bankId" varchar(20) NOT NULL REFERENCES "banks" ("id") ON DELETE CASCADE,
      "characterId" varchar(20) NOT NULL REFERENCES "characters" ("id") ON DELETE CASCADE,
      "balance" bigint NOT NULL DEFAULT 0,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE UNIQUE INDEX "UQ_bank_accounts_bank_character" ON "bank_accounts" ("bankId", "characterId")`);
    await db.query(`CREATE INDEX "IDX_bank_accounts_character" ON "bank_accounts" ("characterId")`);
    await db.query(`CREATE TABLE "bank_ledger" (
      "id" varchar(20) PRIMARY KEY,
      "bankId" varchar(20) NOT NULL REFERENCES "banks" ("id") ON DELETE CASCADE,
      "actorUserId" varchar(20) NULL REFERENCES "users" ("id") ON DELETE SET NULL,
      "change" bigint NOT NULL,
      "capitalAfter" bigint NOT NULL,
      "reason" varchar(16) NOT NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_bank_ledger_bank" ON "bank_ledger" ("bankId", "id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['bank_ledger', 'bank_accounts', 'banks', 'wallets', 'characters', 'sessions', 'provider_links', 'users']) {
      await db.query(`DROP TABLE "${table}"`);
    }
  }
}
