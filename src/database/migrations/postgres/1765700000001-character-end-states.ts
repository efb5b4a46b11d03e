import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `retired` and `deceased` join the character statuses (decisions §11). */
export class CharacterEndStates1765700000001 implements MigrationInterface {
  name = 'CharacterEndStates1765700000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "characters" DROP CONSTRAINT "characters_idStatus_check"`);
    await db.query(`ALTER TABLE "characters" ADD CONSTRAINT "characters_idStatus_check"
      CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved', 'retired', 'deceased'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "characters" DROP CONSTRAINT "characters_idStatus_check"`);
    await db.query(`ALTER TABLE "characters" ADD CONSTRAINT "characters_idStatus_check"
      CHECK ("idStatus" IN ('draft', 'pending_approval', 'approved'))`);
  }
}
