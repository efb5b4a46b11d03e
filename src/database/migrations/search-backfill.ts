import type { QueryRunner } from 'typeorm';
import { chatNameTerms, searchWords } from '../../common/search-text';

const BATCH = 500;

/**
 * Fills the staff search's terms for the rows that existed before them: chat links' username and
 * display name, and the words of every character's names. Keys are computed in JavaScript,
 * the same function the application writes them with, so both databases hold the same keys.
 */
export async function backfillSearchKeys(db: QueryRunner): Promise<void> {
  const isPostgres = db.connection.options.type === 'postgres';
  const p = (n: number) => (isPostgres ? `$${n}` : '?');
  await eachBatch(db, `SELECT "id", "userId", "externalMetadata" FROM "provider_links" WHERE "providerName" = 'chatapp'`, async (rows) => {
    for (const row of rows) {
      for (const term of chatNameTerms(JSON.parse(String(row.externalMetadata)) as Record<string, unknown>)) {
        await db.query(`INSERT INTO "user_name_terms" ("term", "userId") VALUES (${p(1)}, ${p(2)})`, [term, row.userId]);
      }
    }
  });
  await eachBatch(db, `SELECT "id", "firstNames", "lastNames" FROM "characters" WHERE 1 = 1`, async (rows) => {
    for (const row of rows) {
      for (const word of searchWords(`${String(row.firstNames)} ${String(row.lastNames)}`)) {
        await db.query(`INSERT INTO "character_name_words" ("word", "characterId") VALUES (${p(1)}, ${p(2)})`, [word, row.id]);
      }
    }
  });
}

async function eachBatch(db: QueryRunner, select: string, work: (rows: Record<string, unknown>[]) => Promise<void>): Promise<void> {
  let after = '0';
  for (;;) {
    const isPostgres = db.connection.options.type === 'postgres';
    const rows = (await db.query(
      isPostgres
        ? `${select} AND "id" > $1 ORDER BY "id" LIMIT ${BATCH}`
        : `${select} AND CAST("id" AS INTEGER) > CAST(? AS INTEGER) ORDER BY CAST("id" AS INTEGER) LIMIT ${BATCH}`,
      [after],
    )) as Record<string, unknown>[];
    if (rows.length === 0) return;
    await work(rows);
    after = String(rows[rows.length - 1].id);
  }
}
