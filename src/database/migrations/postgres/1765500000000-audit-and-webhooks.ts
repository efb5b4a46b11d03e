import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = 'timestamptz NOT NULL DEFAULT now()';

/** The audit log, webhooks and their delivery outbox (decisions §9). */
export class AuditAndWebhooks1765500000000 implements MigrationInterface {
  name = 'AuditAndWebhooks1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "audit_events" (
      "id" bigint PRIMARY KEY,
      "action" varchar(64) NOT NULL,
      "actorType" varchar(16) NOT NULL,
      "actorId" bigint NULL,
      "subjectType" varchar(16) NOT NULL,
      "subjectId" bigint NOT NULL,
      "data" text NOT NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_audit_events_action" ON "audit_events" ("action", "id")`);
    await db.query(`CREATE INDEX "IDX_audit_events_actor" ON "audit_events" ("actorId", "id")`);
    await db.query(`CREATE INDEX "IDX_audit_events_subject" ON "audit_events" ("subjectId", "id")`);
    await db.query(`CREATE TABLE "webhooks" (
      "id" bigint PRIMARY KEY,
      "url" varchar(2048) NOT NULL,
      "events" text NOT NULL,
      "format" varchar(16) NOT NULL,
      "description" varchar(500) NULL,
      "secret" varchar(128) NULL,
      "active" boolean NOT NULL DEFAULT true,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE TABLE "webhook_deliveries" (
      "id" bigint PRIMARY KEY,
      "webhookId" bigint NOT NULL REFERENCES "webhooks" ("id") ON DELETE CASCADE,
      "eventId" bigint NOT NULL,
      "action" varchar(64) NOT NULL,
      "payload" text NOT NULL,
      "status" varchar(16) NOT NULL,
      "attempts" integer NOT NULL DEFAULT 0,
      "lastStatusCode" integer NULL,
      "lastError" varchar(500) NULL,
      "nextAttemptAt" timestamptz NOT NULL,
      "windowStartedAt" timestamptz NOT NULL,
      "claimedUntil" timestamptz NULL,
      "createdAt" ${NOW},
      "deliveredAt" timestamptz NULL)`);
    await db.query(`CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("nextAttemptAt") WHERE "status" = 'pending'`);
    await db.query(`CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries" ("webhookId", "id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['webhook_deliveries', 'webhooks', 'audit_events']) await db.query(`DROP TABLE "${table}"`);
  }
}
