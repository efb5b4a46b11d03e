import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The actions whose events used to carry the webhook's URL. */
const ACTIONS = ['webhook.created', 'webhook.deleted'];

/**
 * A webhook URL is a secret (decisions §13): it is taken out of the events recorded before, and
 * out of the deliveries of those events still stored. The same on both dialects.
 */
export class WebhookUrlsOutOfEvents1766200000001 implements MigrationInterface {
  name = 'WebhookUrlsOutOfEvents1766200000001';

  async up(db: QueryRunner): Promise<void> {
    await scrub(db, 'audit_events', 'data', (value) => value);
    await scrub(db, 'webhook_deliveries', 'payload', (value) => value.data as Record<string, unknown>);
  }

  /** A URL taken out cannot be put back. */
  async down(): Promise<void> {}
}

async function scrub(db: QueryRunner, table: string, column: string, dataOf: (value: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const rows: { id: string; value: string }[] = await db.manager
    .createQueryBuilder()
    .select('row.id', 'id')
    .addSelect(`row.${column}`, 'value')
    .from(table, 'row')
    .where('row.action IN (:...actions)', { actions: ACTIONS })
    .getRawMany();
  for (const row of rows) {
    const value = JSON.parse(row.value) as Record<string, unknown>;
    const data = dataOf(value);
    if (!data || !('url' in data)) continue;
    delete data.url;
    await db.manager.createQueryBuilder().update(table).set({ [column]: JSON.stringify(value) }).where('id = :id', { id: row.id }).execute();
  }
}
