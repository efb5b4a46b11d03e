import { SessionEntity } from '../../src/auth/session.entity';
import { SessionsService } from '../../src/auth/sessions.service';
import { hashToken } from '../../src/common/secrets';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { cookieHeader, cookieValue, setCookies } from '../support/sign-in';

const MINUTE = 60_000;

describeEachBackend('sessions: authentication codes, renewal and rotation', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { REDIRECT_ALLOWLIST: 'http://site.example/' } });
  });
  afterAll(() => t.close());

  const sessions = () => t.dataSource.getRepository(SessionEntity);
  const sessionOf = (cookie: string) => sessions().findOneByOrFail({ accessTokenHash: hashToken(cookieValue(cookie, 'access_token')!) });
  async function changeSession(cookie: string, changes: Partial<SessionEntity>): Promise<SessionEntity> {
    const session = await sessionOf(cookie);
    await sessions().update({ id: session.id }, changes);
    await t.rowsChanged(session.userId);
    return session;
  }
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const me = (cookie: string) => t.http().get('/v1/users/@me').set('Cookie', cookie);
  const accessOnly = (cookie: string) => `access_token=${cookieValue(cookie, 'access_token')}`;
  const refreshOnly = (cookie: string) => `refresh_token=${cookieValue(cookie, 'refresh_token')}`;

  function expectCleared(response: { headers: Record<string, unknown> }): void {
    const cookies = setCookies(response as never);
    expect(cookies.access_token).toMatch(/^access_token=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    expect(cookies.refresh_token).toMatch(/^refresh_token=; Path=\/; Expires=Thu, 01 Jan 1970/);
  }

  describe('every authentication code', () => {
    it('UNAUTHENTICATED without any session cookie or header', async () => {
      const response = await t.http().get('/v1/users/@me');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
    });

    it.each(['nonsense', '12.short', `0.${'a'.repeat(43)}`, `1.${'a'.repeat(44)}`, `99999999999999999999.${'a'.repeat(43)}`])(
      'INVALID_TOKEN_STRUCTURE for the access token %s',
      async (token) => {
        const response = await t.http().get('/v1/users/@me').set('Cookie', `access_token=${token}`);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN_STRUCTURE' });
      },
    );

    it('INVALID_TOKEN for a token not in the store, clearing both cookies', async () => {
      const response = await t.http().get('/v1/users/@me').set('Cookie', `access_token=123.${'a'.repeat(43)}; refresh_token=x`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
      expectCleared(response);
    });

    it('INVALID_TOKEN for an expired access token without a refresh cookie, and for a revoked one', async () => {
      const expired = await signIn(t, await aUser(t));
      await changeSession(expired, { accessExpiresAt: inMinutes(-1) });
      const response = await me(accessOnly(expired));
      expect(response.body.code).toBe('INVALID_TOKEN');
      expectCleared(response);
      const revoked = await signIn(t, await aUser(t));
      await changeSession(revoked, { revokedAt: new Date() });
      expect((await me(revoked)).body.code).toBe('INVALID_TOKEN');
    });

    it('FAILED_TOKEN_UID_MISSMATCH when the token names another user than its record', async () => {
      const cookie = await signIn(t, await aUser(t));
      const other = await aUser(t);
      await changeSession(cookie, { userId: other.id });
      const response = await me(cookie);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'FAILED_TOKEN_UID_MISSMATCH' });
    });

    it('USER_NOT_FOUND when the session outlives its user', async () => {
      const user = await aUser(t);
      const cookie = await signIn(t, user);
      await deleteUserKeepingSessions(t, user.id);
      const response = await me(cookie);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'USER_NOT_FOUND' });
    });

    it('INVALID_TOKEN_STRUCTURE for a JSON-looking (`j:`) cookie: a cookie is text, never decoded as JSON', async () => {
      const response = await t.http().get('/v1/users/@me').set('Cookie', 'access_token=j%3A%7B%22a%22%3A1%7D');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN_STRUCTURE' });
    });

    it('MISSING_FULL_PERMISSIONS when the account has none of the needed bits', async () => {
      const cookie = await signIn(t, await aUser(t));
      const response = await t.http().patch('/v1/users/@me').set('Cookie', cookie).send({ maxCharacters: 9 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
    });

    it('FAILED_TOKEN_RENEWAL when renewal is due and the refresh token is missing, unknown, expired or another session’s', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { accessExpiresAt: inMinutes(4) });
      const missing = await me(accessOnly(cookie));
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ error: 'Unauthorized', code: 'FAILED_TOKEN_RENEWAL' });
      expectCleared(missing);

      const fresh = await signIn(t, await aUser(t));
      await changeSession(fresh, { accessExpiresAt: inMinutes(4) });
      expect((await me(`${accessOnly(fresh)}; refresh_token=garbage`)).body.code).toBe('FAILED_TOKEN_RENEWAL');
      expect((await me(`${accessOnly(fresh)}; refresh_token=1.${'b'.repeat(43)}`)).body.code).toBe('FAILED_TOKEN_RENEWAL');
      const someoneElse = await signIn(t, await aUser(t));
      expect((await me(`${accessOnly(fresh)}; ${refreshOnly(someoneElse)}`)).body.code).toBe('FAILED_TOKEN_RENEWAL');
      const misnamed = await signIn(t, await aUser(t));
      await changeSession(misnamed, { userId: (await aUser(t)).id, accessExpiresAt: inMinutes(4) });
      expect((await me(refreshOnly(misnamed))).body.code).toBe('FAILED_TOKEN_RENEWAL');
      await changeSession(fresh, { refreshExpiresAt: inMinutes(-1) });
      expect((await me(fresh)).body.code).toBe('FAILED_TOKEN_RENEWAL');
      expect((await me(refreshOnly(fresh))).body.code).toBe('FAILED_TOKEN_RENEWAL');
    });
  });

  describe('renewal', () => {
    async function expectRenewed(cookie: string, sent = cookie): Promise<string> {
      const old = await sessionOf(cookie);
      const response = await me(sent);
      expect(response.status).toBe(200);
      const cookies = setCookies(response);
      expect(cookies.access_token).toMatch(/Max-Age=86400; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      expect(cookies.refresh_token).toMatch(/Max-Age=691200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      const renewed = cookieHeader(response);
      expect(cookieValue(renewed, 'access_token')).not.toBe(cookieValue(cookie, 'access_token'));
      const successor = await sessionOf(renewed);
      expect(successor).toMatchObject({ familyId: old.familyId, userId: old.userId, active: true, rotatedAt: null });
      expect(successor.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * MINUTE);
      expect((await sessions().findOneByOrFail({ id: old.id })).rotatedAt).not.toBeNull();
      const next = await me(renewed);
      expect(next.status).toBe(200);
      expect(next.headers['set-cookie']).toBeUndefined();
      return renewed;
    }

    it('renews an access token in its last 5 minutes and writes the new cookies on the same response', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { accessExpiresAt: inMinutes(4) });
      await expectRenewed(cookie);
      // The renewed pair's access token is dead, though its 4 minutes are not over: alone or as a Bearer token.
      expect((await me(accessOnly(cookie))).body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
      const bearer = await t.http().get('/v1/users/@me').set('Authorization', `Bearer ${cookieValue(cookie, 'access_token')}`);
      expect(bearer.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
    });

    it('leaves an access token outside the window alone', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { accessExpiresAt: inMinutes(6) });
      const response = await me(cookie);
      expect(response.status).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('serves an access token alone, as a cookie or a Bearer token, request after request', async () => {
      const cookie = await signIn(t, await aUser(t));
      const bearer = `Bearer ${cookieValue(cookie, 'access_token')}`;
      for (let i = 0; i < 3; i++) {
        const response = await me(accessOnly(cookie));
        expect(response.status).toBe(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      for (let i = 0; i < 3; i++) expect((await t.http().get('/v1/users/@me').set('Authorization', bearer)).status).toBe(200);
    });

    it('renews from the refresh cookie alone (the browser dropped the access cookie)', async () => {
      const cookie = await signIn(t, await aUser(t));
      await expectRenewed(cookie, refreshOnly(cookie));
    });

    it('renews an expired access token whose record remains, with a valid refresh cookie', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { accessExpiresAt: inMinutes(-60) });
      await expectRenewed(cookie);
    });

    it('renews a session marked inactive', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { active: false });
      await expectRenewed(cookie);
    });

    it('never renews a Bearer token', async () => {
      const cookie = await signIn(t, await aUser(t));
      const bearer = `Bearer ${cookieValue(cookie, 'access_token')}`;
      await changeSession(cookie, { accessExpiresAt: inMinutes(4) });
      const inWindow = await t.http().get('/v1/users/@me').set('Authorization', bearer);
      expect(inWindow.status).toBe(200);
      expect(inWindow.headers['set-cookie']).toBeUndefined();
      await changeSession(cookie, { active: false });
      const inactive = await t.http().get('/v1/users/@me').set('Authorization', bearer).set('Cookie', refreshOnly(cookie));
      expect(inactive.body.code).toBe('FAILED_TOKEN_RENEWAL');
      expect(inactive.headers['set-cookie']).toBeUndefined();
      await changeSession(cookie, { accessExpiresAt: inMinutes(-1) });
      expect((await t.http().get('/v1/users/@me').set('Authorization', bearer)).body.code).toBe('INVALID_TOKEN');
    });

    it('answers 25 concurrent requests with the same expiring pair with one new pair and one live session', async () => {
      const cookie = await signIn(t, await aUser(t));
      const { familyId } = await changeSession(cookie, { accessExpiresAt: inMinutes(2) });
      const responses = await Promise.all(Array.from({ length: 25 }, () => me(cookie)));
      expect(responses.map((response) => response.status)).toEqual(Array(25).fill(200));
      const pairs = new Set(responses.map((response) => cookieHeader(response)));
      expect(pairs.size).toBe(1);
      const family = await sessions().findBy({ familyId });
      const live = family.filter((session) => !session.rotatedAt && !session.revokedAt);
      expect(live).toHaveLength(1);
      expect(family).toHaveLength(2);
      expect((await me([...pairs][0])).status).toBe(200);
    });

    it('revokes the whole session when a rotated refresh token comes back after the grace window', async () => {
      const cookie = await signIn(t, await aUser(t));
      const { familyId } = await changeSession(cookie, { accessExpiresAt: inMinutes(1) });
      const renewed = cookieHeader(await me(cookie));
      const withinGrace = await me(cookie);
      expect(withinGrace.status).toBe(200);
      expect(cookieHeader(withinGrace)).toBe(renewed);

      await changeSession(cookie, { rotatedAt: new Date(Date.now() - 31_000) });
      const replay = await me(cookie);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ error: 'Unauthorized', code: 'FAILED_TOKEN_RENEWAL' });
      expectCleared(replay);
      const family = await sessions().findBy({ familyId });
      expect(family.every((session) => session.revokedAt)).toBe(true);
      expect((await me(renewed)).body.code).toBe('INVALID_TOKEN');
      expect((await me(refreshOnly(cookie))).body.code).toBe('FAILED_TOKEN_RENEWAL');
    });

    it('serves a replay 25 s after the rotation the same pair, and revokes the family at 35 s', async () => {
      const cookie = await signIn(t, await aUser(t));
      const { familyId } = await changeSession(cookie, { accessExpiresAt: inMinutes(1) });
      const renewed = cookieHeader(await me(cookie));

      await changeSession(cookie, { rotatedAt: new Date(Date.now() - 25_000) });
      const at25 = await me(cookie);
      expect(at25.status).toBe(200);
      expect(cookieHeader(at25)).toBe(renewed);
      expect((await sessions().findBy({ familyId })).some((session) => session.revokedAt)).toBe(false);

      await changeSession(cookie, { rotatedAt: new Date(Date.now() - 35_000) });
      const at35 = await me(cookie);
      expect(at35.status).toBe(401);
      expect(at35.body).toEqual({ error: 'Unauthorized', code: 'FAILED_TOKEN_RENEWAL' });
      expect((await sessions().findBy({ familyId })).every((session) => session.revokedAt)).toBe(true);
    });

    describe('a rotated refresh token after the grace window, whatever access cookie comes beside it', () => {
      async function rotatedLongAgo(): Promise<{ old: string; renewed: string; familyId: string }> {
        const old = await signIn(t, await aUser(t));
        const { familyId } = await changeSession(old, { accessExpiresAt: inMinutes(1) });
        const renewed = cookieHeader(await me(old));
        await changeSession(old, { rotatedAt: new Date(Date.now() - 31_000) });
        return { old, renewed, familyId };
      }

      async function expectFamilyRevoked(sent: string, familyId: string, renewed: string): Promise<void> {
        const replay = await me(sent);
        expect(replay.status).toBe(401);
        expect(replay.body).toEqual({ error: 'Unauthorized', code: 'FAILED_TOKEN_RENEWAL' });
        expectCleared(replay);
        expect((await sessions().findBy({ familyId })).every((session) => session.revokedAt)).toBe(true);
        expect((await me(renewed)).body.code).toBe('INVALID_TOKEN');
      }

      it('beside the family’s own valid access cookie', async () => {
        const { old, renewed, familyId } = await rotatedLongAgo();
        expect((await me(renewed)).status).toBe(200);
        await expectFamilyRevoked(`${accessOnly(renewed)}; ${refreshOnly(old)}`, familyId, renewed);
      });

      it('beside another session’s valid access cookie, which stays valid', async () => {
        const { old, renewed, familyId } = await rotatedLongAgo();
        const other = await signIn(t, await aUser(t));
        await expectFamilyRevoked(`${accessOnly(other)}; ${refreshOnly(old)}`, familyId, renewed);
        expect((await me(other)).status).toBe(200);
      });

      it('beside an access cookie that is no token at all', async () => {
        const { old, renewed, familyId } = await rotatedLongAgo();
        await expectFamilyRevoked(`access_token=garbage; ${refreshOnly(old)}`, familyId, renewed);
      });

      it('alone, its own refresh expiry passed too', async () => {
        const { old, renewed, familyId } = await rotatedLongAgo();
        await changeSession(old, { refreshExpiresAt: inMinutes(-1) });
        await expectFamilyRevoked(refreshOnly(old), familyId, renewed);
      });

      it('beside a Bearer token', async () => {
        const { old, renewed, familyId } = await rotatedLongAgo();
        const replay = await t.http().get('/v1/users/@me').set('Authorization', `Bearer ${cookieValue(renewed, 'access_token')}`).set('Cookie', refreshOnly(old));
        expect(replay.body.code).toBe('FAILED_TOKEN_RENEWAL');
        expect((await sessions().findBy({ familyId })).every((session) => session.revokedAt)).toBe(true);
      });
    });

    it('keeps the renewing client’s address and its User-Agent, cut to 512 characters', async () => {
      const cookie = await signIn(t, await aUser(t));
      await changeSession(cookie, { accessExpiresAt: inMinutes(4) });
      const response = await me(cookie).set('User-Agent', `Agent/${'x'.repeat(600)}`);
      expect(response.status).toBe(200);
      const successor = await sessionOf(cookieHeader(response));
      expect(successor.userAgent).toBe(`Agent/${'x'.repeat(506)}`);
      expect(successor.ip).toMatch(/127\.0\.0\.1|::1/);
    });

    it('sweeps records whose refresh token has expired', async () => {
      const cookie = await signIn(t, await aUser(t));
      const session = await changeSession(cookie, { refreshExpiresAt: inMinutes(-1) });
      expect(await t.app.get(SessionsService).sweepExpired()).toBeGreaterThanOrEqual(1);
      expect(await sessions().findOneBy({ id: session.id })).toBeNull();
    });
  });

  describe('sign-out', () => {
    const logout = (cookie: string) => t.http().post('/v1/oauth/logout').set('Cookie', cookie);
    const live = async (familyId: string) => (await sessions().findBy({ familyId })).filter((session) => !session.revokedAt);

    it('with the refresh cookie alone ends its whole family, the pair renewed on the way too, and no other session', async () => {
      const other = await signIn(t, await aUser(t));
      const cookie = await signIn(t, await aUser(t));
      const { familyId } = await sessionOf(cookie);
      const response = await logout(refreshOnly(cookie));
      expect(response.status).toBe(204);
      expectCleared(response);
      expect(await sessions().findBy({ familyId })).toHaveLength(2);
      expect(await live(familyId)).toEqual([]);
      expect((await me(other)).status).toBe(200);
    });

    it('with a Bearer token ends that token’s session', async () => {
      const cookie = await signIn(t, await aUser(t));
      const { familyId } = await sessionOf(cookie);
      const bearer = `Bearer ${cookieValue(cookie, 'access_token')}`;
      expect((await t.http().post('/v1/oauth/logout').set('Authorization', bearer)).status).toBe(204);
      expect(await live(familyId)).toEqual([]);
      expect((await t.http().get('/v1/users/@me').set('Authorization', bearer)).body.code).toBe('INVALID_TOKEN');
    });

    it('everywhere ends every session of the user and none of another user', async () => {
      const user = await aUser(t);
      const [one, two] = [await signIn(t, user), await signIn(t, user)];
      const other = await signIn(t, await aUser(t));
      expect((await logout(`${one}`).query({ all: 'true' })).status).toBe(204);
      expect((await me(two)).body.code).toBe('INVALID_TOKEN');
      expect((await me(other)).status).toBe(200);
    });
  });

  describe('CSRF and CORS', () => {
    it('refuses a cookie-authenticated POST from a foreign Origin with 403 before any change', async () => {
      const cookie = await signIn(t, await aUser(t));
      const { id } = await changeSession(cookie, { accessExpiresAt: inMinutes(2) });
      for (const headers of [{ Origin: 'http://evil.example' }, { Origin: 'null' }, { Referer: 'http://evil.example/page' }]) {
        const response = await t.http().post('/v1/oauth/logout').set('Cookie', cookie).set(headers);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'Forbidden' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      const untouched = await sessions().findOneByOrFail({ id });
      expect(untouched).toMatchObject({ rotatedAt: null, revokedAt: null });
    });

    it('lets allowed origins, same-site requests, safe methods and Bearer calls through', async () => {
      const allowed = await signIn(t, await aUser(t));
      expect((await t.http().post('/v1/oauth/logout').set('Cookie', allowed).set('Origin', 'http://site.example')).status).toBe(204);
      const own = await signIn(t, await aUser(t));
      expect((await t.http().post('/v1/oauth/logout').set('Cookie', own).set('Origin', t.url)).status).toBe(204);
      const noOrigin = await signIn(t, await aUser(t));
      expect((await t.http().post('/v1/oauth/logout').set('Cookie', noOrigin)).status).toBe(204);
      const reading = await signIn(t, await aUser(t));
      expect((await me(reading).set('Origin', 'http://evil.example')).status).toBe(200);
      const bearer = `Bearer ${cookieValue(await signIn(t, await aUser(t)), 'access_token')}`;
      const byHeader = await t.http().post('/v1/oauth/logout').set('Authorization', bearer).set('Origin', 'http://evil.example');
      expect(byHeader.status).toBe(204);
    });

    it('allows credentialed CORS only for the configured origins', async () => {
      const allowed = await t
        .http()
        .options('/v1/oauth/logout')
        .set('Origin', 'http://site.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(allowed.headers['access-control-allow-origin']).toBe('http://site.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      const foreign = await t
        .http()
        .options('/v1/oauth/logout')
        .set('Origin', 'http://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      const read = await me(await signIn(t, await aUser(t))).set('Origin', 'http://site.example');
      expect(read.headers['access-control-expose-headers']).toBe('Retry-After,X-Request-Id');
    });
  });
});

/** Deletes a user behind the foreign keys' back, as a race with a deletion would leave it. */
async function deleteUserKeepingSessions(t: TestApp, userId: string): Promise<void> {
  const runner = t.dataSource.createQueryRunner();
  try {
    if (t.backend.postgresUrl) {
      await runner.query('SET session_replication_role = replica');
      await runner.query('DELETE FROM "users" WHERE "id" = $1', [userId]);
      await runner.query('SET session_replication_role = DEFAULT');
    } else {
      await runner.query('PRAGMA foreign_keys = OFF');
      await runner.query('DELETE FROM "users" WHERE "id" = ?', [userId]);
      await runner.query('PRAGMA foreign_keys = ON');
    }
  } finally {
    await runner.release();
  }
  await t.rowsChanged(userId);
  expect(await t.dataSource.getRepository(UserEntity).findOneBy({ id: userId })).toBeNull();
}
