import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = 'timestamptz NOT NULL DEFAULT now()';
const MAX_BALANCE = '9007199254740991';

export class ServiceKeysAndMoney1765600000000 implements MigrationInterface {
  name = 'ServiceKeysAndMoney1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "service_keys" (
      "id" bigint PRIMARY KEY,
      "name" varchar(64) NOT NULL,
      "permissions" integer NOT NULL,
      "keyHash" varchar(64) NOT NULL,
      "createdAt" ${NOW},
      "lastUsedAt" timestamptz NULL)`);
    await db.query(`CREATE UNIQUE INDEX "UQ_service_keys_hash" ON "service_keys" ("keyHash")`);
    // Balances were unbounded columns until money moved; the bounds now hold in the database too.
    await db.query(`ALTER TABLE "wallets" ADD CONSTRAINT "CHK_wallets_balance" CHECK ("balance" BETWEEN 0 AND ${MAX_BALANCE})`);
    await db.query(`ALTER TABLE "bank_accounts" ADD CONSTRAINT "CHK_bank_accounts_balance" CHECK ("balance" BETWEEN 0 AND ${MAX_BALANCE})`);
    await db.query(`CREATE TABLE "transfers" (
      "id" bigint PRIMARY KEY,
      "fromType" varchar(8) NOT NULL,
      "fromId" bigint NULL,
      "toType" varchar(8) NOT NULL,
      "toId" bigint NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "memo" varchar(140) NULL,
      "actorType" varchar(16) NOT NULL,
      "actorId" bigint NOT NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE TABLE "statement_entries" (
      "id" bigint PRIMARY KEY,
      "holderType" varchar(8) NOT NULL,
      "holderId" bigint NOT NULL,
      "transferId" bigint NOT NULL REFERENCES "transfers" ("id"),
      "amount" bigint NOT NULL,
      "balanceAfter" bigint NOT NULL,
      "counterpartyType" varchar(8) NOT NULL,
      "counterpartyId" bigint NULL,
      "memo" varchar(140) NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_statement_entries_holder" ON "statement_entries" ("holderType", "holderId", "id")`);
    await db.query(`CREATE TABLE "idempotency_keys" (
      "principalId" bigint NOT NULL,
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
    await db.query(`ALTER TABLE "bank_accounts" DROP CONSTRAINT "CHK_bank_accounts_balance"`);
    await db.query(`ALTER TABLE "wallets" DROP CONSTRAINT "CHK_wallets_balance"`);
  }
}
