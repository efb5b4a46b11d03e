import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { In } from 'typeorm';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { StoredImages } from '../../src/images/stored-images.service';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aSignedInUser, submittableAssets } from '../support/character-fixtures';
import { aCharacter, aUser } from '../support/factories';
import { aPng, bytesOf } from '../support/files';
import { APPROVE, aPendingCharacter, aReviewer, lockRow, PENDING, REJECT, storedCharacter } from '../support/review-fixtures';

const UNKNOWN_ID = '999999999999999999';

describeEachBackend('staff review: approve and reject batches', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    // A batch may wait on a row lock held by the test longer than the default statement timeout
    // allows on a loaded machine: the overlap, not the timeout, is what these tests hold.
    t = await createTestApp(backend, { env: { DATABASE_STATEMENT_TIMEOUT_MS: '30000' } });
  });
  afterAll(() => t.close());

  it('approves only the pending characters of a mixed batch and says why it skipped the others', async () => {
    const owner = await aUser(t);
    const keeper = await aUser(t);
    const first = await aPendingCharacter(t, owner);
    const second = await aPendingCharacter(t, owner);
    const kept = await aCharacter(t, keeper, { idStatus: 'approved' });
    await t.dataSource.getRepository(UserEntity).update({ id: keeper.id }, { activeCharacterId: kept.id });
    await t.rowsChanged(keeper.id);
    const third = await aPendingCharacter(t, keeper);
    const draft = await aCharacter(t, owner);
    const approved = await aCharacter(t, owner, { idStatus: 'approved' });
    const ids = [second.id, draft.id, first.id, approved.id, UNKNOWN_ID, 'not-an-id', second.id, third.id];

    const response = await t.http().post(APPROVE).set('Cookie', await aReviewer(t, Permission.ADMINISTRATOR)).send({ characterIds: ids });

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

    expect((await storedCharacter(t, first.id)).idStatus).toBe('approved');
    expect(await storedCharacter(t, draft.id)).toEqual(draft);
    expect(await storedCharacter(t, approved.id)).toEqual(approved);
    const wallets = await t.dataSource.getRepository(WalletEntity).findBy({ characterId: In([first.id, second.id, draft.id, approved.id]) });
    expect(wallets.map((w) => w.characterId).sort()).toEqual([first.id, second.id].sort());
    expect(wallets.every((w) => w.balance === 0)).toBe(true);
    const users = t.dataSource.getRepository(UserEntity);
    // The earliest submitted of the user's approved characters becomes active; a chosen one stays.
    expect((await users.findOneByOrFail({ id: owner.id })).activeCharacterId).toBe(first.id);
    expect((await users.findOneByOrFail({ id: keeper.id })).activeCharacterId).toBe(kept.id);
  });

  it("makes active the earliest submitted of a user's characters, whatever the batch's order, and of two submitted together the older", async () => {
    const activeOf = async (user: UserEntity) => (await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id })).activeCharacterId;
    const approve = async (characterIds: string[]) =>
      expect((await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds })).status).toBe(200);

    // Created first, submitted last: the order of the ids and of the submissions disagree.
    const owner = await aUser(t);
    const later = await aPendingCharacter(t, owner, { submittedAt: new Date(Date.UTC(2030, 0, 2)) });
    const earlier = await aPendingCharacter(t, owner, { submittedAt: new Date(Date.UTC(2030, 0, 1)) });
    await approve([earlier.id, later.id]);
    expect(await activeOf(owner)).toBe(earlier.id);

    // Submitted in the same millisecond: the older (smaller id) one, in either order of the batch.
    for (const order of ['older first', 'newer first']) {
      const user = await aUser(t);
      const together = new Date(Date.UTC(2030, 0, 3));
      const older = await aPendingCharacter(t, user, { submittedAt: together });
      const newer = await aPendingCharacter(t, user, { submittedAt: together });
      await approve(order === 'older first' ? [older.id, newer.id] : [newer.id, older.id]);
      expect(await activeOf(user)).toBe(older.id);
    }
  });

  // Only PostgreSQL lets a change commit between the batch's first read and its lock.
  (backend.postgresUrl ? it : it.skip)('draws the card in the transaction of a character submitted after the batch drew the others', async () => {
    const { user } = await aSignedInUser(t);
    const late = await aCharacter(t, user, await submittableAssets(t));
    const gate = await lockRow(t, late.id, `"idStatus" = 'pending_approval', "submittedAt" = now()`);
    const reviewer = await aReviewer(t);
    const sent = t.http().post(APPROVE).set('Cookie', reviewer).send({ characterIds: [late.id] }).then((answer) => answer);
    await gate.releaseWhenWaiting(1);
    const response = await sent;
    expect(response.status).toBe(200);
    expect(response.body.characters).toEqual([expect.objectContaining({ characterId: late.id, idStatus: 'approved', idCardHash: expect.stringMatching(/^[0-9a-f]{64}\.png$/) })]);
    expect((await storedCharacter(t, late.id)).idCardHash).toBe(response.body.characters[0].idCardHash);
  });

  it('answers a batch with nothing pending with no characters and every skip, changing nothing', async () => {
    const draft = await aCharacter(t, await aUser(t));
    for (const path of [APPROVE, REJECT]) {
      const response = await t.http().post(path).set('Cookie', await aReviewer(t)).send({ characterIds: [draft.id, UNKNOWN_ID] });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        characters: [],
        skipped: [
          { characterId: draft.id, reason: 'not_pending' },
          { characterId: UNKNOWN_ID, reason: 'not_found' },
        ],
      });
    }
    expect(await storedCharacter(t, draft.id)).toEqual(draft);
  });

  it('issues an ID card served by the image endpoint as a 1012×638 PNG', async () => {
    const images = t.app.get(StoredImages);
    const bust = await images.store('avatar-bust', await aPng(420, 420, { r: 40, g: 120, b: 200 }), 'png');
    const signature = await aPng(300, 100, { r: 20, g: 20, b: 20 });
    const character = await aPendingCharacter(t, undefined, {
      avatarHash: bust,
      signatureData: `data:image/png;base64,${signature.toString('base64')}`,
      lastNames: `O'Brien <b>&amp;`,
    });
    const without = await aPendingCharacter(t);

    const response = await t.http().post(APPROVE).set('Cookie', await aReviewer(t, Permission.DEVELOPER)).send({ characterIds: [character.id, without.id] });

    expect(response.status).toBe(200);
    const [withAvatar, withoutAvatar] = response.body.characters as { idCardHash: string }[];
    expect(withAvatar.idCardHash).not.toBe(withoutAvatar.idCardHash);
    expect((await storedCharacter(t, character.id)).idCardHash).toBe(withAvatar.idCardHash);
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
    const withReason = await aPendingCharacter(t);
    const withoutReason = await aPendingCharacter(t);
    const draft = await aCharacter(t, await aUser(t));
    const cookie = await aReviewer(t);

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
    expect(await storedCharacter(t, withReason.id)).toMatchObject({ idStatus: 'draft', reviewNote: 'The surname is not allowed.', idCardHash: null, submittedAt: null });
    expect(await storedCharacter(t, draft.id)).toEqual(draft);

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
    const character = await aPendingCharacter(t);
    const response = await t.http().post(REJECT).set('Cookie', await aReviewer(t)).send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'Invalid form of body', details: expect.any(Array) });
    expect((await storedCharacter(t, character.id)).idStatus).toBe('pending_approval');
  });

  it('refuses a reason on approve', async () => {
    const character = await aPendingCharacter(t);
    const response = await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: [character.id], reason: 'ok' });
    expect(response.status).toBe(400);
    expect((await storedCharacter(t, character.id)).idStatus).toBe('pending_approval');
  });

  it('follows a character through submit, reject, resubmit and approve on the owner\'s endpoints', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user, await submittableAssets(t));
    const own = `/v1/users/@me/characters/${character.id}`;
    const total = async () => (await t.http().get(`${PENDING}?limit=1`).set('Cookie', await aReviewer(t))).body.meta.total;
    const before = await total();

    expect((await t.http().post(`${own}/submit`).set('Cookie', cookie)).status).toBe(201);
    expect(await total()).toBe(before + 1);
    const staff = await aReviewer(t);
    await t.http().post(REJECT).set('Cookie', staff).send({ characterIds: [character.id], reason: 'Falta el segundo apellido.' });
    const rejected = await t.http().get(own).set('Cookie', cookie);
    expect(rejected.body).toMatchObject({ idStatus: 'draft', reviewNote: 'Falta el segundo apellido.' });
    expect(await total()).toBe(before);

    const resubmitted = await t.http().post(`${own}/submit`).set('Cookie', cookie);
    expect(resubmitted.body).toMatchObject({ idStatus: 'pending_approval', reviewNote: null });
    const approved = await t.http().post(APPROVE).set('Cookie', staff).send({ characterIds: [character.id] });
    expect(approved.body.characters[0]).toMatchObject({ idStatus: 'approved', wallet: { balance: 0 } });
    const shown = await t.http().get(own).set('Cookie', cookie);
    expect(shown.body).toMatchObject({ idStatus: 'approved', idCardHash: approved.body.characters[0].idCardHash, wallet: { balance: 0 } });
    expect(await total()).toBe(before);
  });

  it('approves each character once when two overlapping batches run concurrently', async () => {
    const owner = await aUser(t);
    const characters = [];
    for (let i = 0; i < 12; i++) characters.push(await aPendingCharacter(t, owner));
    const ids = characters.map((c) => c.id);
    const batches = [ids.slice(0, 8), [...ids.slice(4)].reverse()];
    const cookies = await Promise.all([aReviewer(t), aReviewer(t, Permission.ADMINISTRATOR)]);

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
