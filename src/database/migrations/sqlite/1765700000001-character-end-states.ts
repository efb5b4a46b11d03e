import type { MigrationInterface, QueryRunner } from 'typeorm';

const OLD_CHECK = `CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved'))`;
const NEW_CHECK = `CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved', 'retired', 'deceased'))`;

/**
 * `retired` and `deceased` join the character statuses (decisions §11). SQLite cannot alter a
 * CHECK constraint, so the table is rebuilt (sqlite.org/lang_altertable.html, "other kinds of
 * table schema changes"): with foreign keys off, or dropping the old table would cascade into
 * wallets and accounts. The table's own SQL, indexes and triggers are read back from the schema,
 * so columns other migrations added come along unchanged.
 */
export class CharacterEndStates1765700000001 implements MigrationInterface {
  name = 'CharacterEndStates1765700000001';
  // PRAGMA foreign_keys is a no-op inside a transaction: this migration runs its own.
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    await rebuildCharacters(db, OLD_CHECK, NEW_CHECK);
  }

  async down(db: QueryRunner): Promise<void> {
    await rebuildCharacters(db, NEW_CHECK, OLD_CHECK);
  }
}

async function rebuildCharacters(db: QueryRunner, from: string, to: string): Promise<void> {
  await db.query('PRAGMA foreign_keys = OFF');
  try {
    await db.startTransaction();
    try {
      const [table] = (await db.query(`SELECT "sql" FROM "sqlite_master" WHERE "type" = 'table' AND "name" = 'characters'`)) as { sql: string }[];
      if (!table.sql.includes(from)) throw new Error('characters: the idStatus CHECK is not the expected one');
      const dependents = (await db.query(
        `SELECT "sql" FROM "sqlite_master" WHERE "tbl_name" = 'characters' AND "type" IN ('index', 'trigger') AND "sql" IS NOT NULL`,
      )) as { sql: string }[];
      await db.query(table.sql.replace(/^CREATE TABLE "characters"/, 'CREATE TABLE "characters_rebuilt"').replace(from, to));
      await db.query(`INSERT INTO "characters_rebuilt" SELECT * FROM "characters"`);
      await db.query(`DROP TABLE "characters"`);
      await db.query(`ALTER TABLE "characters_rebuilt" RENAME TO "characters"`);
      for (const { sql } of dependents) await db.query(sql);
      const broken = (await db.query('PRAGMA foreign_key_check')) as unknown[];
      if (broken.length) throw new Error(`characters: ${broken.length} foreign keys broken by the rebuild`);
      await db.commitTransaction();
    } catch (error) {
      await db.rollbackTransaction();
      throw error;
    }
  } finally {
    await db.query('PRAGMA foreign_keys = ON');
  }
}
