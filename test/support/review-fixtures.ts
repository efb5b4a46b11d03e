import { Client } from 'pg';
import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import type { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from './app';
import { aCharacter, aUser, signIn } from './factories';

export const PENDING = '/v1/staff/characters/pending';
export const APPROVE = '/v1/staff/characters/approve';
export const REJECT = '/v1/staff/characters/reject';

/** A fresh reviewer's cookie: the review endpoints allow 10 requests a minute per user. */
export async function aReviewer(t: TestApp, permission = Permission.MODERATOR_CHIEF): Promise<string> {
  return signIn(t, await aUser(t, { permissions: Permission.USER | permission }));
}

let submitted = Date.UTC(2025, 0, 1);

/** A `pending_approval` character, each submitted a minute after the one before. */
export async function aPendingCharacter(t: TestApp, user?: UserEntity, overrides: Partial<CharacterEntity> = {}) {
  submitted += 60_000;
  return aCharacter(t, user ?? (await aUser(t)), {
    idStatus: 'pending_approval',
    submittedAt: new Date(submitted),
    ...overrides,
  });
}

export function storedCharacter(t: TestApp, id: string): Promise<CharacterEntity> {
  return t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id });
}

/**
 * Holds a row lock on a character from outside the app, until `waiters` sessions queue behind it;
 * `changes`, when given, is an UPDATE of the row's columns made under the lock and committed with it.
 */
export async function lockRow(t: TestApp, characterId: string, changes?: string) {
  const client = new Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM "characters" WHERE "id" = $1 FOR UPDATE', [characterId]);
  if (changes) await client.query(`UPDATE "characters" SET ${changes} WHERE "id" = $1`, [characterId]);
  return {
    async releaseWhenWaiting(waiters: number): Promise<void> {
      try {
        for (let waited = 0; waited < 20_000; waited += 20) {
          const { rows } = await client.query<{ count: string }>(
            `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (Number(rows[0].count) >= waiters) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`fewer than ${waiters} sessions waited on the lock`);
      } finally {
        await client.query('COMMIT');
        await client.end();
      }
    },
  };
}
