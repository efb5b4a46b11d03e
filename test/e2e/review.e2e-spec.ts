import { createHash } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';
import { In } from 'typeorm';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { StoredImages } from '../../src/images/stored-images.service';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser, signIn } from '../support/factories';
import { aPng, bytesOf } from '../support/files';

const PENDING = '/v1/staff/characters/pending';
const APPROVE = '/v1/staff/characters/approve';
const REJECT = '/v1/staff/characters/reject';
const UNKNOWN_ID = '999999999999999999';

describeEachBackend('staff review', (backend) => {
  let t: TestApp;
  let submitted = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** A fresh reviewer for each few requests: the review endpoints allow 10 a minute per user. */
  async function reviewer(permission = Permission.MODERATOR_CHIEF): Promise<string> {
    return signIn(t, await aUser(t, { permissions: Permission.USER | permission }));
  }

  async function pendingCharacter(user?: UserEntity, overrides: Partial<CharacterEntity> = {}) {
    submitted += 60_000;
    return aCharacter(t, user ?? (await aUser(t)), {
      idStatus: 'pending_approval',
      submittedAt: new Date(submitted),
      ...overrides,
    });
  }

  function stored(id: string): Promise<CharacterEntity> {
    return t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id });
  }

  // First in the file, while the only pending characters are its own.
  it('pages the queue oldest submission first with a true meta on every page', async () => {
    const owner = await aUser(t);
    const base = Date.UTC(2024, 0, 1);
    const queue: CharacterEntity[] = [];
    // Submission order differs from creation (and id) order.
    for (let i = 0; i < 25; i++) {
      queue.push(await aCharacter(t, owner, { idStatus: 'pending_approval', submittedAt: new Date(base + ((i * 7) % 25) * 60_000) }));
    }
    await aCharacter(t, owner);
    await aCharacter(t, owner, { idStatus: 'approved', submittedAt: new Date(base - 60_000) });
    const expected = [...queue].sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime()).map((c) => c.id);

    const cookie = await reviewer();
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const response = await t.http().get(`${PENDING}?page=${page}&limit=10`).set('Cookie', cookie);
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({ total: 25, page, limit: 10, totalPages: 3 });
      expect(response.body.characters).toHaveLength([10, 10, 5, 0][page - 1]);
      for (const character of response.body.characters) {
        expect(character).toMatchObject({ idStatus: 'pending_approval', wallet: null, userId: owner.id });
        expect(character).not.toHaveProperty('signatureData');
      }
      seen.push(...response.body.characters.map((c: { characterId: string }) => c.characterId));
    }
    expect(seen).toEqual(expected);

    const byDefault = await t.http().get(PENDING).set('Cookie', cookie);
    expect(byDefault.body.meta).toEqual({ total: 25, page: 1, limit: 20, totalPages: 2 });
    expect(byDefault.body.characters).toHaveLength(20);
  });

  it('keeps meta.total equal to the pending count through inserts, status changes and deletions', async () => {
    const characters = t.dataSource.getRepository(CharacterEntity);
    const owner = await aUser(t);
    const [a, b] = [await pendingCharacter(owner), await pendingCharacter(owner)];
    await pendingCharacter();
    const draft = await aCharacter(t, owner);
    await characters.update({ id: a.id }, { idStatus: 'draft' });
    await characters.update({ id: draft.id }, { idStatus: 'pending_approval', submittedAt: new Date() });
    await characters.update({ id: b.id }, { reviewNote: 'unrelated change' });
    await characters.delete({ id: b.id });
    await t.dataSource.getRepository(UserEntity).delete({ id: owner.id });
    const response = await t.http().get(`${PENDING}?limit=1`).set('Cookie', await reviewer());
    expect(response.body.meta.total).toBe(await characters.countBy({ idStatus: 'pending_approval' }));
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=51', 'limit=2.5', 'limit=x', 'page='])(
    'answers %s with 400 and details',
    async (query) => {
      const response = await t.http().get(`${PENDING}?${query}`).set('Cookie', await reviewer());
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: query.split('=')[0] })]),
      );
    },
  );

  it('approves only the pending characters of a mixed batch and says why it skipped the others', async () => {
    const owner = await aUser(t);
    const keeper = await aUser(t);
    const first = await pendingCharacter(owner);
    const second = await pendingCharacter(owner);
    const kept = await aCharacter(t, keeper, { idStatus: 'approved' });
    await t.dataSource.getRepository(UserEntity).update({ id: keeper.id }, { activeCharacterId: kept.id });
    const third = await pendingCharacter(keeper);
    const draft = await aCharacter(t, owner);
    const approved = await aCharacter(t, owner, { idStatus: 'approved' });
    const ids = [second.id, draft.id, first.id, approved.id, UNKNOWN_ID, 'not-an-id', second.id, third.id];

    const response = await t.http().post(APPROVE).set('Cookie', await reviewer(Permission.ADMINISTRATOR)).send({ characterIds: ids });

    expect(response.status).toBe(200);
    expect(response.body.characters.map((c: { characterId: string }) => c.characterId)).toEqual([second.id, first.id, third.id]);
    for (const character of response.body.characters) {
      expect(character.idStatus).toBe('approved');
      expect(character.idCardHash).toMatch(/^[0-9a-f]{64}\.png$/);
      expect(character.wallet).toEqual({ balance: 0, createdAt: expect.any(String), updatedAt: expect.any(String) });
    }
    expect(response.body.skipped).toEqual([
      { characterId: draft.id, reason: 'not_pending' },
      { characterId: approved.id, reason: 'not_pending' },
      { characterId: UNKNOWN_ID, reason: 'not_found' },
      { characterId: 'not-an-id', reason: 'not_found' },
    ]);

    expect((await stored(first.id)).idStatus).toBe('approved');
    expect(await stored(draft.id)).toEqual(draft);
    expect(await stored(approved.id)).toEqual(approved);
    const wallets = await t.dataSource.getRepository(WalletEntity).findBy({ characterId: In([first.id, second.id, draft.id, approved.id]) });
    expect(wallets.map((w) => w.characterId).sort()).toEqual([first.id, second.id].sort());
    expect(wallets.every((w) => w.balance === 0)).toBe(true);
    const users = t.dataSource.getRepository(UserEntity);
    // The earliest submitted of the user's approved characters becomes active; a chosen one stays.
    expect((await users.findOneByOrFail({ id: owner.id })).activeCharacterId).toBe(first.id);
    expect((await users.findOneByOrFail({ id: keeper.id })).activeCharacterId).toBe(kept.id);
  });

  it('issues an ID card served by the image endpoint as a 1012×638 PNG', async () => {
    const images = t.app.get(StoredImages);
    const bust = await images.store('avatar-bust', await aPng(420, 420, { r: 40, g: 120, b: 200 }), 'png');
    const signature = await aPng(300, 100, { r: 20, g: 20, b: 20 });
    const character = await pendingCharacter(undefined, {
      avatarHash: bust,
      signatureData: `data:image/png;base64,${signature.toString('base64')}`,
      lastNames: `O'Brien <b>&amp;`,
    });
    const without = await pendingCharacter();

    const response = await t.http().post(APPROVE).set('Cookie', await reviewer(Permission.DEVELOPER)).send({ characterIds: [character.id, without.id] });

    expect(response.status).toBe(200);
    const [withAvatar, withoutAvatar] = response.body.characters as { idCardHash: string }[];
    expect(withAvatar.idCardHash).not.toBe(withoutAvatar.idCardHash);
    expect((await stored(character.id)).idCardHash).toBe(withAvatar.idCardHash);
    for (const { idCardHash } of [withAvatar, withoutAvatar]) {
      const card = await bytesOf(t.http().get(`/v1/images/ids/${idCardHash}`));
      expect(card.status).toBe(200);
      expect(card.headers['content-type']).toBe('image/png');
      expect(`${createHash('sha256').update(card.body).digest('hex')}.png`).toBe(idCardHash);
      const metadata = await sharp(card.body).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 1012, height: 638 });
      const stats = await sharp(card.body).stats();
      expect(stats.isOpaque).toBe(false);
    }
  });

  it('rejects back to draft and keeps the reason as reviewNote', async () => {
    const withReason = await pendingCharacter();
    const withoutReason = await pendingCharacter();
    const draft = await aCharacter(t, await aUser(t));
    const cookie = await reviewer();

    const response = await t
      .http()
      .post(REJECT)
      .set('Cookie', cookie)
      .send({ characterIds: [withReason.id, draft.id], reason: '  The surname is not allowed.  ' });
    expect(response.status).toBe(200);
    expect(response.body.characters).toEqual([
      expect.objectContaining({ characterId: withReason.id, idStatus: 'draft', reviewNote: 'The surname is not allowed.', wallet: null }),
    ]);
    expect(response.body.skipped).toEqual([{ characterId: draft.id, reason: 'not_pending' }]);
    expect(await stored(withReason.id)).toMatchObject({ idStatus: 'draft', reviewNote: 'The surname is not allowed.', idCardHash: null, submittedAt: null });
    expect(await stored(draft.id)).toEqual(draft);

    const plain = await t.http().post(REJECT).set('Cookie', cookie).send({ characterIds: [withoutReason.id] });
    expect(plain.body.characters[0]).toMatchObject({ idStatus: 'draft', reviewNote: null });
    expect(await t.dataSource.getRepository(WalletEntity).countBy({ characterId: In([withReason.id, withoutReason.id]) })).toBe(0);
  });

  it.each([
    ['no characterIds', {}],
    ['an empty list', { characterIds: [] }],
    ['101 ids', { characterIds: Array.from({ length: 101 }, (_, i) => String(1000 + i)) }],
    ['a number among the ids', { characterIds: ['123', 123] }],
    ['a string for the list', { characterIds: '123' }],
    ['an unknown field', { characterIds: ['123'], note: 'x' }],
    ['a reason over 500 characters', { characterIds: ['123'], reason: 'x'.repeat(501) }],
    ['a reason that is not a string', { characterIds: ['123'], reason: 5 }],
  ])('answers a reject with %s with 400, changing nothing', async (_, body) => {
    const character = await pendingCharacter();
    const response = await t.http().post(REJECT).set('Cookie', await reviewer()).send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'Invalid form of body', details: expect.any(Array) });
    expect((await stored(character.id)).idStatus).toBe('pending_approval');
  });

  it('refuses a reason on approve', async () => {
    const character = await pendingCharacter();
    const response = await t.http().post(APPROVE).set('Cookie', await reviewer()).send({ characterIds: [character.id], reason: 'ok' });
    expect(response.status).toBe(400);
    expect((await stored(character.id)).idStatus).toBe('pending_approval');
  });

  it('needs a session, and MODERATOR_CHIEF, ADMINISTRATOR or DEVELOPER', async () => {
    const character = await pendingCharacter();
    const user = await signIn(t, await aUser(t));
    const staffOnly = await reviewer(Permission.STAFF);
    for (const [method, path] of [['get', PENDING], ['post', APPROVE], ['post', REJECT]] as const) {
      const anonymous = await t.http()[method](path).send({ characterIds: [character.id] });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
      for (const cookie of [user, staffOnly]) {
        const forbidden = await t.http()[method](path).set('Cookie', cookie).send({ characterIds: [character.id] });
        expect(forbidden.status).toBe(403);
        expect(forbidden.body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
      }
    }
    expect((await stored(character.id)).idStatus).toBe('pending_approval');
  });

  it('allows 10 requests a minute', async () => {
    const cookie = await reviewer();
    for (let i = 0; i < 10; i++) expect((await t.http().get(`${PENDING}?limit=1`).set('Cookie', cookie)).status).toBe(200);
    const limited = await t.http().get(`${PENDING}?limit=1`).set('Cookie', cookie);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
  });

  it('approves each character once when two overlapping batches run concurrently', async () => {
    const owner = await aUser(t);
    const characters = [];
    for (let i = 0; i < 12; i++) characters.push(await pendingCharacter(owner));
    const ids = characters.map((c) => c.id);
    const batches = [ids.slice(0, 8), [...ids.slice(4)].reverse()];
    const cookies = await Promise.all([reviewer(), reviewer(Permission.ADMINISTRATOR)]);

    // On PostgreSQL a row both batches need is held locked until both wait on it, so their
    // transactions really overlap (SQLite serializes them by design).
    const gate = backend.postgresUrl ? await lockRow(t, ids[4]) : undefined;
    const sent = Promise.all(
      batches.map((characterIds, i) => t.http().post(APPROVE).set('Cookie', cookies[i]).send({ characterIds })),
    );
    await gate?.releaseWhenWaiting(2);
    const responses = await sent;

    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const approvedBy = responses.map((r) => r.body.characters.map((c: { characterId: string }) => c.characterId) as string[]);
    expect([...approvedBy[0], ...approvedBy[1]].sort()).toEqual([...ids].sort());
    for (const [i, response] of responses.entries()) {
      const other = approvedBy[1 - i];
      expect(response.body.skipped).toEqual(
        batches[i].filter((id) => other.includes(id)).map((characterId) => ({ characterId, reason: 'not_pending' })),
      );
    }
    expect(await t.dataSource.getRepository(WalletEntity).countBy({ characterId: In(ids) })).toBe(12);
    expect(await t.dataSource.getRepository(CharacterEntity).countBy({ id: In(ids), idStatus: 'approved' })).toBe(12);
    const active = (await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: owner.id })).activeCharacterId;
    expect(ids).toContain(active);
  });
});

/** Holds a row lock on a character from outside the app, until `waiters` sessions queue behind it. */
async function lockRow(t: TestApp, characterId: string) {
  const client = new Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM "characters" WHERE "id" = $1 FOR UPDATE', [characterId]);
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
