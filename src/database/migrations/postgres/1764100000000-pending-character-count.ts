import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number of `pending_approval` characters, kept by triggers so the review queue's `meta.total`
 * is one row read instead of a count over the whole queue, whoever changes a status. Statement
 * triggers with transition tables: a bulk change touches the counter row once, and a statement
 * that changes no pending status does not touch (nor lock) it at all.
 */
export class PendingCharacterCount1764100000000 implements MigrationInterface {
  name = 'PendingCharacterCount1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "pending_character_count" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "count" integer NOT NULL CHECK ("count" >= 0))`);
    await db.query(`LOCK TABLE "characters" IN SHARE MODE`);
    await db.query(`INSERT INTO "pending_character_count" ("id", "count")
      SELECT 1, COUNT(*) FROM "characters" WHERE "idStatus" = 'pending_approval'`);
    await db.query(`CREATE FUNCTION "pending_character_count_apply"(delta bigint) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF delta <> 0 THEN
          UPDATE "pending_character_count" SET "count" = "count" + delta WHERE "id" = 1;
        END IF;
      END $$`);
    await db.query(`CREATE FUNCTION "pending_character_count_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM "pending_character_count_apply"((SELECT COUNT(*) FROM new_rows WHERE "idStatus" = 'pending_approval'));
        RETURN NULL;
      END $$`);
    await db.query(`CREATE FUNCTION "pending_character_count_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM "pending_character_count_apply"(-(SELECT COUNT(*) FROM old_rows WHERE "idStatus" = 'pending_approval'));
        RETURN NULL;
      END $$`);
    await db.query(`CREATE FUNCTION "pending_character_count_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM "pending_character_count_apply"(
          (SELECT COUNT(*) FROM new_rows WHERE "idStatus" = 'pending_approval')
          - (SELECT COUNT(*) FROM old_rows WHERE "idStatus" = 'pending_approval'));
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_insert" AFTER INSERT ON "characters"
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "pending_character_count_on_insert"()`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_delete" AFTER DELETE ON "characters"
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "pending_character_count_on_delete"()`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_update" AFTER UPDATE ON "characters"
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION "pending_character_count_on_update"()`);
    await db.query(`CREATE FUNCTION "pending_character_count_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "pending_character_count" SET "count" = 0 WHERE "id" = 1;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER "TRG_characters_pending_truncate" AFTER TRUNCATE ON "characters"
      FOR EACH STATEMENT EXECUTE FUNCTION "pending_character_count_on_truncate"()`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
      await db.query(`DROP TRIGGER "TRG_characters_pending_${trigger}" ON "characters"`);
      await db.query(`DROP FUNCTION "pending_character_count_on_${trigger}"()`);
    }
    await db.query(`DROP FUNCTION "pending_character_count_apply"(bigint)`);
    await db.query(`DROP TABLE "pending_character_count"`);
  }
}
