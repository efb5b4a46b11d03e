import { Permission } from '../../src/common/permissions/permission';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { APPROVE, aPendingCharacter, REJECT, storedCharacter } from '../support/review-fixtures';

/** A reviewer who also plays: one pending character of their own, one of someone else. */
async function reviewerWithOwnCharacter(t: TestApp) {
  const reviewer = await aUser(t, { permissions: Permission.USER | Permission.MODERATOR_CHIEF });
  return {
    cookie: await signIn(t, reviewer),
    own: await aPendingCharacter(t, reviewer),
    other: await aPendingCharacter(t),
  };
}

describeEachBackend('staff review of the reviewer\'s own characters', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it.each([APPROVE, REJECT])('%s skips them as own_character and leaves them untouched', async (path) => {
    const { cookie, own, other } = await reviewerWithOwnCharacter(t);
    const response = await t.http().post(path).set('Cookie', cookie).send({ characterIds: [own.id, other.id] });
    expect(response.status).toBe(200);
    expect(response.body.characters.map((c: { characterId: string }) => c.characterId)).toEqual([other.id]);
    expect(response.body.skipped).toEqual([{ characterId: own.id, reason: 'own_character' }]);
    expect(await storedCharacter(t, own.id)).toEqual(own);
    expect(await t.dataSource.getRepository(WalletEntity).findOneBy({ characterId: own.id })).toBeNull();
  });

  it('names own_character even for an own character that is not pending', async () => {
    const { cookie, own } = await reviewerWithOwnCharacter(t);
    await t.http().post(REJECT).set('Cookie', await signIn(t, await aUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR })))
      .send({ characterIds: [own.id] })
      .expect(200);
    const response = await t.http().post(APPROVE).set('Cookie', cookie).send({ characterIds: [own.id] });
    expect(response.body).toEqual({ characters: [], skipped: [{ characterId: own.id, reason: 'own_character' }] });
  });
});

describeEachBackend('staff review with REVIEW_SELF_APPROVAL=true', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { REVIEW_SELF_APPROVAL: 'true' } });
  });
  afterAll(() => t.close());

  it.each([
    [APPROVE, 'approved'],
    [REJECT, 'draft'],
  ])('%s decides them like anyone else\'s', async (path, status) => {
    const { cookie, own, other } = await reviewerWithOwnCharacter(t);
    const response = await t.http().post(path).set('Cookie', cookie).send({ characterIds: [own.id, other.id] });
    expect(response.status).toBe(200);
    expect(response.body.characters.map((c: { characterId: string }) => c.characterId)).toEqual([own.id, other.id]);
    expect(response.body.skipped).toEqual([]);
    expect((await storedCharacter(t, own.id)).idStatus).toBe(status);
  });
});
