import type { MigrationInterface } from 'typeorm';

/**
 * The SQLite counterpart rebuilds every table as the entities state it: NOT NULL primary keys,
 * foreign keys and checks named as PostgreSQL named them, and the balance bounds. PostgreSQL has
 * all of that already (a primary key is NOT NULL, and its constraints carry those names), so
 * there is nothing to change here; the migration keeps the two dialects' lists in step.
 */
export class SchemaInStep1765800000000 implements MigrationInterface {
  name = 'SchemaInStep1765800000000';

  async up(): Promise<void> {}

  async down(): Promise<void> {}
}
