import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import {
  authorizeWithDevProvider,
  cookieHeader,
  cookieValue,
  sessionCookiesSet,
  setCookies,
  signInThroughDevProvider,
} from '../support/sign-in';

const ALLOWLIST = 'http://allowed.example/';

describeEachBackend('OAuth sign-in through the development providers', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { REDIRECT_ALLOWLIST: ALLOWLIST } });
  });
  afterAll(() => t.close());

  const count = (entity: typeof UserEntity | typeof SessionEntity | typeof ProviderLinkEntity) =>
    t.dataSource.getRepository(entity).count();

  it('signs a new chatapp user in, sets the cookies and redirects with the state', async () => {
    const usersBefore = await count(UserEntity);
    const { state, targetUrl, callback, cookie } = await signInThroughDevProvider(t, {
      username: 'newcomer',
      id: '555000111222333',
      redirectUrl: 'http://allowed.example/after?tab=1',
    });
    expect(targetUrl.pathname).toBe('/dev/chatapp/oauth/authorize');
    expect(targetUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(targetUrl.searchParams.get('redirect_uri')).toBe(`${t.url}/v1/oauth/chatapp`);
    expect(targetUrl.searchParams.get('scope')).toBe('identify');
    expect(callback.status).toBe(302);
    expect(setCookies(callback).oauth_binding).toMatch(/^oauth_binding=; Path=\/v1\/oauth; Expires=Thu, 01 Jan 1970/);
    expect(callback.headers.location).toBe(`http://allowed.example/after?tab=1&state=${state}`);
    const cookies = setCookies(callback);
    expect(cookies.access_token).toMatch(/^access_token=\d+\.[\w-]{43}; Max-Age=86400; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(cookies.refresh_token).toMatch(/^refresh_token=\d+\.[\w-]{43}; Max-Age=691200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);

    expect(await count(UserEntity)).toBe(usersBefore + 1);
    const link = await t.dataSource
      .getRepository(ProviderLinkEntity)
      .findOneByOrFail({ providerName: 'chatapp', externalId: '555000111222333' });
    expect(link.externalMetadata).toEqual({ id: '555000111222333', username: 'newcomer', global_name: 'newcomer', avatar: null });
    const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: link.userId });
    expect(user).toMatchObject({ permissions: Permission.USER, maxCharacters: 3, activeCharacterId: null });

    const me = await t.http().get('/v1/users/@me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: link.userId, permissions: '1', maxCharacters: 3, activeCharacter: null, characters: [] });

    const again = await signInThroughDevProvider(t, { username: 'newcomer', id: '555000111222333' });
    expect(again.callback.status).toBe(302);
    expect(await count(UserEntity)).toBe(usersBefore + 1);
    const second = await t.http().get('/v1/users/@me').set('Cookie', again.cookie);
    expect(second.body.userId).toBe(link.userId);
  });

  it('links gameplatform to the signed-in user, shown with providers=true', async () => {
    const chat = await signInThroughDevProvider(t, { username: 'linker', id: '555000111222444' });
    const game = await signInThroughDevProvider(t, {
      provider: 'gameplatform',
      username: 'linker_plays',
      id: '4400001',
      cookie: chat.cookie,
    });
    expect(game.callback.status).toBe(302);
    expect(game.callback.headers.location).toBe(`http://allowed.example/after-sign-in?state=${game.state}`);
    const me = await t.http().get('/v1/users/@me?providers=true').set('Cookie', game.cookie);
    expect(me.status).toBe(200);
    expect(me.body.providers).toEqual([
      [
        'chatapp',
        {
          userId: me.body.userId,
          providerId: expect.stringMatching(/^\d+$/),
          providerName: 'chatapp',
          externalId: '555000111222444',
          externalMetadata: { id: '555000111222444', username: 'linker', global_name: 'linker', avatar: null },
        },
      ],
      [
        'gameplatform',
        {
          userId: me.body.userId,
          providerId: expect.stringMatching(/^\d+$/),
          providerName: 'gameplatform',
          externalId: '4400001',
          externalMetadata: {
            sub: '4400001',
            name: 'linker_plays',
            nickname: 'linker_plays',
            preferred_username: 'linker_plays',
            picture: null,
          },
        },
      ],
    ]);
    const without = await t.http().get('/v1/users/@me?providers=yes').set('Cookie', game.cookie);
    expect(without.body.providers).toBeUndefined();
  });

  it('renews the browser session of the same user at the callback instead of starting another', async () => {
    const first = await signInThroughDevProvider(t, { username: 'returning', id: '555000111222555' });
    const sessions = t.dataSource.getRepository(SessionEntity);
    const family = (await sessions.findOneByOrFail({ userId: (await me(first.cookie)).userId })).familyId;
    const again = await signInThroughDevProvider(t, { username: 'returning', id: '555000111222555', cookie: first.cookie });
    expect(again.callback.status).toBe(302);
    const live = await sessions.findBy({ familyId: family });
    expect(live).toHaveLength(2);
    expect(live.filter((session) => !session.rotatedAt)).toHaveLength(1);
    expect((await t.http().get('/v1/users/@me').set('Cookie', again.cookie)).status).toBe(200);
  });

  async function me(cookie: string): Promise<{ userId: string }> {
    return (await t.http().get('/v1/users/@me').set('Cookie', cookie)).body;
  }

  it.each([
    ['no session', undefined],
    ['a user without a chatapp link', 'factory'],
  ])('refuses gameplatform for %s and links nothing', async (_, who) => {
    const cookie = who ? await signIn(t, await aUser(t)) : undefined;
    const linksBefore = await count(ProviderLinkEntity);
    const game = await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'orphan', id: '4400099', cookie });
    expect(game.callback.status).toBe(302);
    expect(game.callback.headers.location).toBe('/');
    expect(sessionCookiesSet(game.callback)).toEqual([]);
    expect(await count(ProviderLinkEntity)).toBe(linksBefore);
  });

  it('sets the binding cookie on the start: HttpOnly, SameSite=Lax, 10 minutes, path /v1/oauth', async () => {
    const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: ALLOWLIST });
    expect(response.status).toBe(200);
    expect(setCookies(response).oauth_binding).toMatch(
      /^oauth_binding=[\w-]{43}; Max-Age=600; Path=\/v1\/oauth; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  describe('a gameplatform link URL handed to another browser', () => {
    let round = 0;
    it.each([
      ['the victim’s session and no binding cookie', true, false],
      ['the victim’s session and the attacker’s binding cookie', true, true],
      ['no session and the attacker’s binding cookie', false, true],
      ['no cookies at all', false, false],
    ])('with %s links nothing, and the victim can still link their own account', async (_, withSession, withBinding) => {
      round += 1;
      const attacker = await signInThroughDevProvider(t, { username: `attacker${round}`, id: `55500020000${round}` });
      const victim = await signInThroughDevProvider(t, { username: `victim${round}`, id: `55500030000${round}` });
      const gameId = `460000${round}`;
      // The attacker starts the link; the victim approves it at the provider with their game account.
      const started = await authorizeWithDevProvider(t, { provider: 'gameplatform', username: 'victim_plays', id: gameId, cookie: attacker.cookie });
      const binding = `oauth_binding=${cookieValue(started.cookie, 'oauth_binding')}`;
      const cookie = [withSession ? victim.cookie : '', withBinding ? binding : ''].filter(Boolean).join('; ');
      const linksBefore = await count(ProviderLinkEntity);
      const sessionsBefore = await count(SessionEntity);
      const callback = await t.http().get(started.callbackPath).set('Cookie', cookie);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe('/');
      expect(sessionCookiesSet(callback)).toEqual([]);
      expect(await count(ProviderLinkEntity)).toBe(linksBefore);
      expect(await count(SessionEntity)).toBe(sessionsBefore);
      expect(await t.dataSource.getRepository(ProviderLinkEntity).findOneBy({ providerName: 'gameplatform', externalId: gameId })).toBeNull();
      expect((await me(victim.cookie)).userId).not.toBe((await me(attacker.cookie)).userId);

      const own = await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'victim_plays', id: gameId, cookie: victim.cookie });
      expect(own.callback.headers.location).toContain('state=');
      const link = await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ providerName: 'gameplatform', externalId: gameId });
      expect(link.userId).toBe((await me(victim.cookie)).userId);
    });
  });

  it('refuses a gameplatform account already linked to another user', async () => {
    const first = await signInThroughDevProvider(t, { username: 'owner', id: '555000111222666' });
    await signInThroughDevProvider(t, { provider: 'gameplatform', id: '4400002', username: 'shared', cookie: first.cookie });
    const second = await signInThroughDevProvider(t, { username: 'intruder', id: '555000111222777' });
    const attempt = await signInThroughDevProvider(t, { provider: 'gameplatform', id: '4400002', username: 'shared', cookie: second.cookie });
    expect(attempt.callback.headers.location).toBe('/');
    const links = await t.dataSource.getRepository(ProviderLinkEntity).findBy({ providerName: 'gameplatform', externalId: '4400002' });
    expect(links).toHaveLength(1);
    expect(links[0].userId).toBe((await me(first.cookie)).userId);
  });

  it('moves a user’s gameplatform link when they link another gameplatform account', async () => {
    const chat = await signInThroughDevProvider(t, { username: 'switcher', id: '555000111222888' });
    await signInThroughDevProvider(t, { provider: 'gameplatform', id: '4400003', username: 'old_acct', cookie: chat.cookie });
    const moved = await signInThroughDevProvider(t, { provider: 'gameplatform', id: '4400004', username: 'new_acct', cookie: chat.cookie });
    expect(moved.callback.headers.location).toContain('state=');
    const links = await t.dataSource.getRepository(ProviderLinkEntity).findBy({ userId: (await me(chat.cookie)).userId });
    // The old link stays, unlinked: the staff dossier shows past links.
    expect(links.map((link) => [link.providerName, link.externalId, link.unlinkedAt === null]).sort()).toEqual([
      ['chatapp', '555000111222888', true],
      ['gameplatform', '4400003', false],
      ['gameplatform', '4400004', true],
    ]);
  });

  it('documents the sign-in and user endpoints in OpenAPI, and not the development providers', async () => {
    const { body } = await t.http().get('/v1/openapi.json');
    const paths = Object.keys(body.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/oauth/{provider}', '/v1/oauth/logout', '/v1/users/{userId}', '/v1/users/{userId}/active-character']),
    );
    expect(paths.filter((path) => path.startsWith('/dev'))).toEqual([]);
    expect(Object.keys(body.paths['/v1/oauth/{provider}'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(body.paths['/v1/users/{userId}'].patch.security).toEqual(expect.arrayContaining([{ access_token: [] }]));
  });

  describe('logout', () => {
    it('revokes the current session and clears both cookies', async () => {
      const session = await signInThroughDevProvider(t, { username: 'leaver', id: '555000111222999' });
      const other = await signInThroughDevProvider(t, { username: 'leaver', id: '555000111222999' });
      const response = await t.http().post('/v1/oauth/logout').set('Cookie', session.cookie);
      expect(response.status).toBe(204);
      expect(cookieHeader(response, session.cookie)).toBe('');
      const after = await t.http().get('/v1/users/@me').set('Cookie', session.cookie);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('INVALID_TOKEN');
      expect((await t.http().get('/v1/users/@me').set('Cookie', other.cookie)).status).toBe(200);
    });

    it('with all=true revokes every session of the user', async () => {
      const one = await signInThroughDevProvider(t, { username: 'everywhere', id: '555000111223000' });
      const two = await signInThroughDevProvider(t, { username: 'everywhere', id: '555000111223000' });
      expect((await t.http().post('/v1/oauth/logout?all=true').set('Cookie', one.cookie)).status).toBe(204);
      expect((await t.http().get('/v1/users/@me').set('Cookie', two.cookie)).body.code).toBe('INVALID_TOKEN');
    });

    it('needs a session', async () => {
      const response = await t.http().post('/v1/oauth/logout');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
    });
  });

  if (backend.redisUrl) {
    it('accepts at a second instance a state issued by the first (shared database and Redis)', async () => {
      const second = await createTestApp(backend, {
        env: {
          DATABASE_URL: t.config.databaseUrl,
          REDIS_KEY_PREFIX: t.config.redisKeyPrefix,
          REDIRECT_ALLOWLIST: ALLOWLIST,
          // Instances behind one load balancer share the public address.
          PUBLIC_BASE_URL: t.config.publicBaseUrl,
        },
      });
      try {
        const { state, callbackPath, cookie: browser } = await authorizeWithDevProvider(
          t,
          { username: 'roamer', id: '555000111223111', redirectUrl: 'http://allowed.example/' },
          second,
        );
        const callback = await second.http().get(callbackPath).set('Cookie', browser);
        expect(callback.status).toBe(302);
        expect(callback.headers.location).toBe(`http://allowed.example/?state=${state}`);
        const cookie = cookieHeader(callback);
        const onFirst = await t.http().get('/v1/users/@me').set('Cookie', cookie);
        expect(onFirst.status).toBe(200);
        const replay = await t.http().get(callbackPath).set('Cookie', browser);
        expect(replay.headers.location).toBe('/');
      } finally {
        await second.close();
      }
    });
  }
});
