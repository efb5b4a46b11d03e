import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser, signIn } from '../support/factories';
import { APPROVE, aPendingCharacter, aReviewer, PENDING, REJECT, storedCharacter } from '../support/review-fixtures';

describeEachBackend('staff review: the pending queue and access', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

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

    const cookie = await aReviewer(t);
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
    const [a, b] = [await aPendingCharacter(t, owner), await aPendingCharacter(t, owner)];
    await aPendingCharacter(t);
    const draft = await aCharacter(t, owner);
    await characters.update({ id: a.id }, { idStatus: 'draft' });
    await characters.update({ id: draft.id }, { idStatus: 'pending_approval', submittedAt: new Date() });
    await characters.update({ id: b.id }, { reviewNote: 'unrelated change' });
    await characters.delete({ id: b.id });
    await t.dataSource.getRepository(UserEntity).delete({ id: owner.id });
    const response = await t.http().get(`${PENDING}?limit=1`).set('Cookie', await aReviewer(t));
    expect(response.body.meta.total).toBe(await characters.countBy({ idStatus: 'pending_approval' }));
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=51', 'limit=2.5', 'limit=x', 'page='])(
    'answers %s with 400 and details',
    async (query) => {
      const response = await t.http().get(`${PENDING}?${query}`).set('Cookie', await aReviewer(t));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: query.split('=')[0] })]),
      );
    },
  );

  it('needs a session, and MODERATOR_CHIEF, ADMINISTRATOR or DEVELOPER', async () => {
    const character = await aPendingCharacter(t);
    const user = await signIn(t, await aUser(t));
    const staffOnly = await aReviewer(t, Permission.STAFF);
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
    expect((await storedCharacter(t, character.id)).idStatus).toBe('pending_approval');
  });

  it('allows 10 requests a minute', async () => {
    const cookie = await aReviewer(t);
    for (let i = 0; i < 10; i++) expect((await t.http().get(`${PENDING}?limit=1`).set('Cookie', cookie)).status).toBe(200);
    const limited = await t.http().get(`${PENDING}?limit=1`).set('Cookie', cookie);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
  });

  it('documents the three endpoints with their answers in the OpenAPI document', async () => {
    const { paths } = (await t.http().get('/v1/openapi.json')).body;
    expect(Object.keys(paths[PENDING].get.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    for (const path of [APPROVE, REJECT]) {
      expect(Object.keys(paths[path].post.responses).sort()).toEqual(['200', '400', '401', '403', '429', '500']);
    }
  });
});
