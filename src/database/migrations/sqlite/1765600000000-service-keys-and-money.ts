// SQLite keeps snowflake ids as varchar: its driver would read an integer column back as a lossy number.
import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

/**
 * SQLite cannot add a CHECK to an existing table; balances stay within bounds through the
 * conditional UPDATEs of the money module, which is the only writer of them.
 */
export class ServiceKeysAndMoney1765600000000 implements MigrationInterface {
  name = 'ServiceKeysAndMoney1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "service_keys" (
      "id" varchar(20) PRIMARY KEY,
      "name" varchar(64) NOT NULL,
      "permissions" integer NOT NULL,
      "keyHash" varchar(64) NOT NULL,
      "createdAt" ${NOW},
      "lastUsedAt" datetime NULL)`);
    await db.query(`CREATE UNIQUE INDEX "UQ_service_keys_hash" ON "service_keys" ("keyHash")`);
    await db.query(`CREATE TABLE "transfers" (
      "id" varchar(20) PRIMARY KEY,
      "fromType" varchar(8) NOT NULL,
      "fromId" varchar(20) NULL,
      "toType" varchar(8) NOT NULL,
      "toId" varchar(20) NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "memo" varchar(140) NULL,
      "actorType" varchar(16) NOT NULL,
      "actorId" varchar(20) NOT NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE TABLE "statement_entries" (
      "id" varchar(20) PRIMARY KEY,
      "holderType" varchar(8) NOT NULL,
      "holderId" varchar(20) NOT NULL,
      "transferId" varchar(20) NOT NULL REFERENCES "transfers" ("id"),
      "amount" bigint NOT NULL,
      "balanceAfter" bigint NOT NULL,
      "counterpartyType" varchar(8) NOT NULL,
      "counterpartyId" varchar(20) NULL,
      "memo" varchar(140) NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_statement_entries_holder" ON "statement_entries" ("holderType", "holderId", "id")`);
    await db.query(`CREATE TABLE "idempotency_keys" (
      "principalId" varchar(20) NOT NULL,
      "key" varchar(64) NOT NULL,
      "requestHash" varchar(64) NOT NULL,
      "response" text NOT NULL,
      "createdAt" ${NOW},
      PRIMARY KEY ("principalId", "key"))`);
    await db.query(`CREATE INDEX "IDX_idempotency_keys_created" ON "idempotency_keys" ("createdAt")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['idempotency_keys', 'statement_entries', 'transfers', 'service_keys']) {
      await db.query(`DROP TABLE "${table}"`);
    }
  }
}
