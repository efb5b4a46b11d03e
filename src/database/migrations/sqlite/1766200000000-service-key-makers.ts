import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MAKERS_FROM_AUDIT } from '../postgres/1766200000000-service-key-makers';

/**
 * A service key acts for its maker (decisions §13). A key made before is given the maker its
 * `service_key.created` event names; one with no such event keeps a null maker and its own bits.
 */
export class ServiceKeyMakers1766200000000 implements MigrationInterface {
  name = 'ServiceKeyMakers1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "service_keys" ADD COLUMN "createdBy" varchar(20) NULL`);
    await db.query(MAKERS_FROM_AUDIT);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "service_keys" DROP COLUMN "createdBy"`);
  }
}
