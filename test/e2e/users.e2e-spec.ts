import { SessionEntity } from '../../src/auth/session.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { countQueries } from '../support/queries';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser, signIn } from '../support/factories';
import { cookieHeader } from '../support/sign-in';

const { USER, STAFF, ADMINISTRATOR, SERVICE_ADMINISTRATOR, DEVELOPER } = Permission;

describeEachBackend('users', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const stored = (id: string) => t.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  async function signedIn(permissions = USER) {
    const user = await aUser(t, { permissions });
    return { user, cookie: await signIn(t, user) };
  }

  describe('GET /v1/users/:userId', () => {
    it('answers the caller by id or @me with characters, the active one and wallets', async () => {
      const { user, cookie } = await signedIn();
      const draft = await aCharacter(t, user, { signatureData: 'data:image/png;base64,AAAA' });
      const approved = await aCharacter(t, user, { idStatus: 'approved', firstNames: 'Beatriz' });
      await t.dataSource.getRepository(WalletEntity).insert({ characterId: approved.id, balance: 250 });
      await t.dataSource.getRepository(UserEntity).update({ id: user.id }, { activeCharacterId: approved.id });
      await t.rowsChanged(user.id);

      const byMe = await t.http().get('/v1/users/@me').set('Cookie', cookie);
      expect(byMe.status).toBe(200);
      expect(byMe.body).toEqual({
        userId: user.id,
        permissions: '1',
        maxCharacters: 3,
        activeCharacter: expect.objectContaining({ characterId: approved.id, wallet: expect.objectContaining({ balance: 250 }) }),
        characters: [
          expect.objectContaining({ characterId: draft.id, idStatus: 'draft', wallet: null }),
          expect.objectContaining({ characterId: approved.id, idStatus: 'approved' }),
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(byMe.body.characters[0].signatureData).toBeUndefined();
      expect(byMe.body.providers).toBeUndefined();

      const byId = await t.http().get(`/v1/users/${user.id}?signature=true`).set('Cookie', cookie);
      expect(byId.body.characters[0].signatureData).toBe('data:image/png;base64,AAAA');
      expect(byId.body.activeCharacter.signatureData).toBeNull();
    });

    it('reads a profile in the same number of queries whatever the number of characters', async () => {
      const queriesFor = async (characters: number) => {
        const { user, cookie } = await signedIn();
        for (let i = 0; i < characters; i += 1) {
          const character = await aCharacter(t, user, { idStatus: 'approved' });
          await t.dataSource.getRepository(WalletEntity).insert({ characterId: character.id, balance: i });
        }
        return countQueries(t, () => t.http().get('/v1/users/@me?providers=true').set('Cookie', cookie));
      };
      const few = await queriesFor(1);
      expect(few).toBeGreaterThanOrEqual(5);
      expect(await queriesFor(6)).toBe(few);
    });

    it('shows another user only to SERVICE_ADMINISTRATOR or DEVELOPER', async () => {
      const { user: other } = await signedIn();
      for (const permissions of [USER, USER | STAFF | ADMINISTRATOR]) {
        const { cookie } = await signedIn(permissions);
        const response = await t.http().get(`/v1/users/${other.id}`).set('Cookie', cookie);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'Forbidden' });
      }
      for (const permissions of [SERVICE_ADMINISTRATOR, DEVELOPER]) {
        const { cookie } = await signedIn(USER | permissions);
        const response = await t.http().get(`/v1/users/${other.id}?providers=true`).set('Cookie', cookie);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ userId: other.id, providers: [] });
      }
    });

    it('answers unknown and malformed ids with 404 Unknown User', async () => {
      const { cookie } = await signedIn(USER | DEVELOPER);
      for (const id of ['1234567890123456789', '12abc', '0', '99999999999999999999']) {
        const response = await t.http().get(`/v1/users/${id}`).set('Cookie', cookie);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Unknown User' });
      }
    });

    it('needs a session', async () => {
      const response = await t.http().get('/v1/users/@me');
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('PATCH /v1/users/:userId', () => {
    it('lets an administrator grant bits they hold and change maxCharacters; the target renews', async () => {
      const { cookie: admin } = await signedIn(USER | ADMINISTRATOR);
      const { user: target, cookie: targetCookie } = await signedIn();
      const response = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send({ permissions: '9', maxCharacters: 5 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ userId: target.id, permissions: '9', maxCharacters: 5 });
      expect(await stored(target.id)).toMatchObject({ permissions: USER | ADMINISTRATOR, maxCharacters: 5 });
      const targetSessions = await t.dataSource.getRepository(SessionEntity).findBy({ userId: target.id });
      expect(targetSessions.every((session) => !session.active)).toBe(true);

      const next = await t.http().get('/v1/users/@me').set('Cookie', targetCookie);
      expect(next.status).toBe(200);
      expect(next.body.permissions).toBe('9');
      expect(next.headers['set-cookie']).toHaveLength(2);
      expect((await t.http().get('/v1/users/@me').set('Cookie', cookieHeader(next))).headers['set-cookie']).toBeUndefined();
    });

    it('changes maxCharacters alone without touching sessions', async () => {
      const { cookie: admin } = await signedIn(USER | ADMINISTRATOR);
      const { user: target } = await signedIn();
      const response = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send({ maxCharacters: 0 });
      expect(response.status).toBe(200);
      expect(response.body.maxCharacters).toBe(0);
      const targetSessions = await t.dataSource.getRepository(SessionEntity).findBy({ userId: target.id });
      expect(targetSessions.every((session) => session.active)).toBe(true);
    });

    it('refuses to change a bit the caller lacks; only DEVELOPER grants DEVELOPER', async () => {
      const { cookie: admin } = await signedIn(USER | ADMINISTRATOR);
      const { user: target } = await signedIn();
      for (const permissions of [String(USER | DEVELOPER), String(USER | STAFF), String(USER | SERVICE_ADMINISTRATOR)]) {
        const response = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send({ permissions });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'Forbidden' });
      }
      const { user: developer } = await signedIn(USER | DEVELOPER);
      const demote = await t.http().patch(`/v1/users/${developer.id}`).set('Cookie', admin).send({ permissions: '1' });
      expect(demote.status).toBe(403);
      expect((await stored(target.id)).permissions).toBe(USER);
      expect((await stored(developer.id)).permissions).toBe(USER | DEVELOPER);

      const { cookie: dev } = await signedIn(USER | DEVELOPER);
      const promoted = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', dev).send({ permissions: String(USER | DEVELOPER) });
      expect(promoted.status).toBe(200);
      expect((await stored(target.id)).permissions).toBe(USER | DEVELOPER);
    });

    it.each([
      [{}, 'body'],
      [{ permissions: '64' }, 'permissions'],
      [{ permissions: 'abc' }, 'permissions'],
      [{ permissions: 3 }, 'permissions'],
      [{ permissions: null }, 'permissions'],
      [{ permissions: '-1' }, 'permissions'],
      [{ maxCharacters: -1 }, 'maxCharacters'],
      [{ maxCharacters: 1001 }, 'maxCharacters'],
      [{ maxCharacters: 1.5 }, 'maxCharacters'],
      [{ maxCharacters: '3' }, 'maxCharacters'],
      [{ maxCharacters: 2, admin: true }, 'admin'],
    ])('refuses %j with 400 naming %s and changes nothing', async (body, field) => {
      const { cookie: admin } = await signedIn(USER | ADMINISTRATOR);
      const { user: target } = await signedIn();
      const response = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
      expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await stored(target.id)).toMatchObject({ permissions: USER, maxCharacters: 3 });
    });

    it('answers an unknown user with 404', async () => {
      const { cookie: admin } = await signedIn(USER | ADMINISTRATOR);
      const response = await t.http().patch('/v1/users/1234567890123456789').set('Cookie', admin).send({ maxCharacters: 1 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown User' });
    });
  });

  describe('PUT /v1/users/:userId/active-character', () => {
    it('sets one of the owner’s approved characters as active', async () => {
      const { user, cookie } = await signedIn();
      const character = await aCharacter(t, user, { idStatus: 'approved' });
      const response = await t.http().put('/v1/users/@me/active-character').set('Cookie', cookie).send({ characterId: character.id });
      expect(response.status).toBe(200);
      expect(response.body.activeCharacter).toMatchObject({ characterId: character.id });
      expect((await stored(user.id)).activeCharacterId).toBe(character.id);
    });

    it('refuses characters that are not approved, not the caller’s, or unknown', async () => {
      const { user, cookie } = await signedIn();
      const draft = await aCharacter(t, user);
      const notApproved = await t.http().put(`/v1/users/${user.id}/active-character`).set('Cookie', cookie).send({ characterId: draft.id });
      expect(notApproved.status).toBe(409);
      expect(notApproved.body).toEqual({ error: 'Character Not Approved' });
      const { user: other } = await signedIn();
      const theirs = await aCharacter(t, other, { idStatus: 'approved' });
      for (const characterId of [theirs.id, '1234567890123456789', 'abc']) {
        const response = await t.http().put('/v1/users/@me/active-character').set('Cookie', cookie).send({ characterId });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Unknown Character' });
      }
      expect((await stored(user.id)).activeCharacterId).toBeNull();
    });

    it('is for the owner only and validates the body', async () => {
      const { user: owner } = await signedIn();
      const character = await aCharacter(t, owner, { idStatus: 'approved' });
      const { cookie: stranger } = await signedIn(USER | DEVELOPER);
      const forbidden = await t
        .http()
        .put(`/v1/users/${owner.id}/active-character`)
        .set('Cookie', stranger)
        .send({ characterId: character.id });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: 'Forbidden' });
      const { cookie } = await signedIn();
      for (const body of [{}, { characterId: 12 }, { characterId: character.id, extra: 1 }]) {
        const response = await t.http().put('/v1/users/@me/active-character').set('Cookie', cookie).send(body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('Invalid form of body');
      }
    });
  });
});
