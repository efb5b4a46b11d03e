import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

/** Invoices and fines, never deleted, and the record of each payroll (decisions §14). */
export class InvoicesAndPayroll1766200000000 implements MigrationInterface {
  name = 'InvoicesAndPayroll1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "invoices" (
      "id" varchar(20) NOT NULL PRIMARY KEY,
      "kind" varchar(8) NOT NULL,
      "fromType" varchar(8) NOT NULL,
      "fromId" varchar(20) NOT NULL,
      "fromUserId" varchar(20) NULL,
      "toCharacterId" varchar(20) NOT NULL,
      "toUserId" varchar(20) NOT NULL,
      "amount" bigint NOT NULL,
      "reason" varchar(140) NOT NULL,
      "status" varchar(16) NOT NULL,
      "dueAt" datetime NULL,
      "issuedByType" varchar(16) NOT NULL,
      "issuedById" varchar(20) NOT NULL,
      "paidAt" datetime NULL,
      "transferId" varchar(20) NULL,
      "createdAt" ${NOW},
      "updatedAt" ${NOW},
      CONSTRAINT "CHK_invoices_amount" CHECK ("amount" > 0),
      CONSTRAINT "invoices_toCharacterId_fkey" FOREIGN KEY ("toCharacterId") REFERENCES "characters" ("id"))`);
    await db.query(`CREATE INDEX "IDX_invoices_billed" ON "invoices" ("toCharacterId", "id")`);
    await db.query(`CREATE INDEX "IDX_invoices_billed_user" ON "invoices" ("toUserId", "id")`);
    await db.query(`CREATE INDEX "IDX_invoices_issuer" ON "invoices" ("fromType", "fromId", "id")`);
    await db.query(`CREATE TABLE "payroll_runs" (
      "id" varchar(20) NOT NULL PRIMARY KEY,
      "organisationId" varchar(20) NOT NULL,
      "total" bigint NOT NULL,
      "paidCount" integer NOT NULL,
      "actorType" varchar(16) NOT NULL,
      "actorId" varchar(20) NOT NULL,
      "createdAt" ${NOW},
      CONSTRAINT "payroll_runs_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "organisations" ("id"))`);
    await db.query(`CREATE INDEX "IDX_payroll_runs_organisation" ON "payroll_runs" ("organisationId", "id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['payroll_runs', 'invoices']) await db.query(`DROP TABLE "${table}"`);
  }
}
