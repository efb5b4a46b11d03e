import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number of `pending_approval` characters, kept by triggers so the review queue's `meta.total`
 * is one row read instead of a count over the whole queue, whoever changes a status.
 */
export class PendingCharacterCount1764100000000 implements MigrationInterface {
  name = 'PendingCharacterCount1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "pending_character_count" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "count" integer NOT NULL CHECK ("count" >= 0))`);
    await db.query(`INSERT INTO "pending_character_count" ("id", "count")
      SELECT 1, COUNT(*) FROM "characters" WHERE "idStatus" = 'pending_approval'`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_insert" AFTER INSERT ON "characters"
      WHEN NEW."idStatus" = 'pending_approval'
      BEGIN UPDATE "pending_character_count" SET "count" = "count" + 1; END`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_delete" AFTER DELETE ON "characters"
      WHEN OLD."idStatus" = 'pending_approval'
      BEGIN UPDATE "pending_character_count" SET "count" = "count" - 1; END`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_update" AFTER UPDATE OF "idStatus" ON "characters"
      WHEN (OLD."idStatus" = 'pending_approval') <> (NEW."idStatus" = 'pending_approval')
      BEGIN UPDATE "pending_character_count"
        SET "count" = "count" + CASE WHEN NEW."idStatus" = 'pending_approval' THEN 1 ELSE -1 END; END`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'delete', 'update']) await db.query(`DROP TRIGGER "TRG_characters_pending_${trigger}"`);
    await db.query(`DROP TABLE "pending_character_count"`);
  }
}
