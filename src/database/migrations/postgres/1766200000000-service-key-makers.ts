import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A service key acts for its maker (decisions §13). A key made before is given the maker its
 * `service_key.created` event names; one with no such event keeps a null maker and its own bits.
 */
export class ServiceKeyMakers1766200000000 implements MigrationInterface {
  name = 'ServiceKeyMakers1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "service_keys" ADD "createdBy" bigint NULL`);
    await db.query(MAKERS_FROM_AUDIT);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "service_keys" DROP COLUMN "createdBy"`);
  }
}

/** The same statement on both dialects. */
export const MAKERS_FROM_AUDIT = `UPDATE "service_keys" SET "createdBy" = (
  SELECT MIN("actorId") FROM "audit_events"
   WHERE "action" = 'service_key.created' AND "actorType" = 'user' AND "subjectId" = "service_keys"."id")`;
