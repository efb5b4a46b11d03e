import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An ended character's wallet and accounts carry their own `frozen` mark, set in the transaction
 * that ends the character, so a transfer's balance update refuses them atomically (decisions §13).
 */
export class FrozenMoney1766000000000 implements MigrationInterface {
  name = 'FrozenMoney1766000000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, key] of [['wallets', 'characterId'], ['bank_accounts', 'characterId']]) {
      await db.query(`ALTER TABLE "${table}" ADD "frozen" boolean NOT NULL DEFAULT false`);
      await db.query(
        `UPDATE "${table}" SET "frozen" = true WHERE "${key}" IN (SELECT "id" FROM "characters" WHERE "idStatus" IN ('retired', 'deceased'))`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['wallets', 'bank_accounts']) await db.query(`ALTER TABLE "${table}" DROP COLUMN "frozen"`);
  }
}
