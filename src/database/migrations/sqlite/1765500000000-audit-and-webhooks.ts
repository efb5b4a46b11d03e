// SQLite keeps snowflake ids as varchar: its driver would read an integer column back as a lossy number.
import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

/** The audit log, webhooks and their delivery outbox (decisions §9). */
export class AuditAndWebhooks1765500000000 implements MigrationInterface {
  name = 'AuditAndWebhooks1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "audit_events" (
      "id" varchar(20) PRIMARY KEY,
      "action" varchar(64) NOT NULL,
      "actorType" varchar(16) NOT NULL,
      "actorId" varchar(20) NULL,
      "subjectType" varchar(16) NOT NULL,
      "subjectId" varchar(20) NOT NULL,
      "data" text NOT NULL,
      "createdAt" ${NOW})`);
    await db.query(`CREATE INDEX "IDX_audit_events_action" ON "audit_events" ("action", "id")`);
    await db.query(`CREATE INDEX "IDX_audit_events_actor" ON "audit_events" ("actorId", "id")`);
    await db.query(`CREATE INDEX "IDX_audit_events_subject" ON "audit_events" ("subjectId", "id")`);
    await db.query(`CREATE TABLE "webhooks" (
      "id" varchar(20) PRIMARY KEY,
      "url" varchar(2048) NOT NULL,
      "events" text NOT NULL,
      "format" varchar(16) NOT NULL,
      "description" varchar(500) NULL,
      "secret" varchar(128) NULL,
      "active" boolean NOT NULL DEFAULT 1,
      "createdAt" ${NOW}, "updatedAt" ${NOW})`);
    await db.query(`CREATE TABLE "webhook_deliveries" (
      "id" varchar(20) PRIMARY KEY,
      "webhookId" varchar(20) NOT NULL REFERENCES "webhooks" ("id") ON DELETE CASCADE,
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
      "deliveredAt" datetime NULL)`);
    await db.query(`CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("nextAttemptAt") WHERE "status" = 'pending'`);
    await db.query(`CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries" ("webhookId", "id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['webhook_deliveries', 'webhooks', 'audit_events']) await db.query(`DROP TABLE "${table}"`);
  }
}
