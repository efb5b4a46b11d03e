import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = 'timestamptz NOT NULL DEFAULT now()';

/** Organisations with their treasury, grades and members (decisions §14). */
export class Organisations1766300000000 implements MigrationInterface {
  name = 'Organisations1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "organisations" (
      "id" bigint PRIMARY KEY,
      "name" varchar(64) NOT NULL,
      "nameKey" varchar(64) NOT NULL,
      "type" varchar(16) NOT NULL,
      "iconHash" varchar(80) NULL,
      "balance" bigint NOT NULL DEFAULT 0,
      "createdAt" ${NOW},
      "updatedAt" ${NOW},
      CONSTRAINT "CHK_organisations_balance" CHECK ("balance" BETWEEN 0 AND 9007199254740991))`);
    await db.query(`CREATE UNIQUE INDEX "UQ_organisations_name_key" ON "organisations" ("nameKey")`);
    await db.query(`CREATE INDEX "IDX_organisations_type" ON "organisations" ("type", "id")`);
    await db.query(`CREATE TABLE "organisation_grades" (
      "organisationId" bigint NOT NULL,
      "grade" integer NOT NULL,
      "name" varchar(32) NOT NULL,
      "salary" bigint NOT NULL,
      "rights" varchar(128) NOT NULL,
      PRIMARY KEY ("organisationId", "grade"),
      CONSTRAINT "organisation_grades_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "organisations" ("id"))`);
    await db.query(`CREATE TABLE "organisation_members" (
      "organisationId" bigint NOT NULL,
      "characterId" bigint NOT NULL,
      "userId" bigint NOT NULL,
      "grade" integer NOT NULL,
      "joinedAt" ${NOW},
      PRIMARY KEY ("organisationId", "characterId"),
      CONSTRAINT "organisation_members_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "organisations" ("id"),
      CONSTRAINT "organisation_members_characterId_fkey" FOREIGN KEY ("characterId") REFERENCES "characters" ("id"))`);
    await db.query(`CREATE INDEX "IDX_organisation_members_character" ON "organisation_members" ("characterId")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['organisation_members', 'organisation_grades', 'organisations']) await db.query(`DROP TABLE "${table}"`);
  }
}
