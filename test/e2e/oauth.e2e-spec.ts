import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { KeyValueCache } from '../../src/cache/key-value-cache';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { cookieHeader, hiddenFields, setCookies, signInThroughDevProvider } from '../support/sign-in';

const ALLOWLIST = 'http://allowed.example/,https://site.example:8443/app/';

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
    expect(game.callback.headers['set-cookie']).toBeUndefined();
    expect(await count(ProviderLinkEntity)).toBe(linksBefore);
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
    expect(links.map((link) => [link.providerName, link.externalId]).sort()).toEqual([
      ['chatapp', '555000111222888'],
      ['gameplatform', '4400004'],
    ]);
  });

  describe('redirect allowlist', () => {
    it.each([
      'http://allowed.example/',
      'http://allowed.example/deep/path?x=1#top',
      'http://ALLOWED.example:80/',
      'https://site.example:8443/app/',
      'https://site.example:8443/app/page',
    ])('accepts %s', async (redirectUrl) => {
      const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ targetUrl: expect.any(String), state: expect.stringMatching(/^[\w-]{43}$/) });
    });

    it.each([
      'http://allowed.example.evil.com/',
      'http://allowed.example@evil.com/',
      'http://user:pass@allowed.example/',
      'http://allowed.example\\@evil.com/',
      'http://evil.com\\@allowed.example/',
      '//evil.com',
      '//allowed.example/',
      '/relative',
      'javascript:alert(1)',
      'JAVASCRIPT://allowed.example/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://allowed.example/',
      'https://allowed.example/',
      'http://allowed.example:8080/',
      'http://allowed.example./',
      'https://site.example/app/',
      'https://site.example:8443/application',
      'https://site.example:8443/',
      'https://site.example:8443/app/../admin',
      'http://allowed.example/\tx',
      'not a url',
      '',
    ])('refuses %s with 400', async (redirectUrl) => {
      const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid redirect URL' });
    });

    it('refuses a redirect URL over 2048 characters', async () => {
      const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: `http://allowed.example/${'a'.repeat(2100)}` });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid redirect URL' });
    });

    it.each([[{}], [{ redirectUrl: 42 }], [{ redirectUrl: ['http://allowed.example/'] }], [null]])(
      'refuses the body %j with 400',
      async (body) => {
        const response = await t.http().post('/v1/oauth/chatapp').send(body as object);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'Invalid redirect URL' });
      },
    );

    it('refuses unknown body fields and unknown providers', async () => {
      const extra = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/', admin: true });
      expect(extra.status).toBe(400);
      expect(extra.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'admin', message: expect.any(String) }] });
      const unknown = await t.http().post('/v1/oauth/elsewhere').send({ redirectUrl: 'http://allowed.example/' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Unknown Provider' });
    });
  });

  describe('failed callbacks redirect to FAILURE_REDIRECT_URL and create nothing', () => {
    /** Starts a chatapp sign-in and returns the authorize redirect's query (code and state). */
    async function authorized(username = 'failing'): Promise<{ state: string; code: string }> {
      const start = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/' });
      const target = new URL(start.body.targetUrl);
      const page = await t.http().get(`${target.pathname}${target.search}`);
      const submitted = await t.http().post(target.pathname).type('form').send({ ...hiddenFields(page.text), username, preset: '' });
      const back = new URL(submitted.headers.location);
      return { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
    }

    async function expectFailure(path: string): Promise<void> {
      const before = [await count(UserEntity), await count(SessionEntity), await count(ProviderLinkEntity)];
      const response = await t.http().get(path);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['content-type'] ?? '').not.toContain('json');
      expect([await count(UserEntity), await count(SessionEntity), await count(ProviderLinkEntity)]).toEqual(before);
    }

    it('a replayed state', async () => {
      const { state, code } = await authorized('replayed');
      const first = await t.http().get(`/v1/oauth/chatapp?state=${state}&code=${code}`);
      expect(first.headers.location).toBe(`http://allowed.example/?state=${state}`);
      await expectFailure(`/v1/oauth/chatapp?state=${state}&code=${code}`);
    });

    it('an unknown, malformed or missing state', async () => {
      const { code } = await authorized('unknown-state');
      await expectFailure(`/v1/oauth/chatapp?state=${'x'.repeat(43)}&code=${code}`);
      await expectFailure(`/v1/oauth/chatapp?state=short&code=${code}`);
      await expectFailure(`/v1/oauth/chatapp?code=${code}`);
      await expectFailure(`/v1/oauth/chatapp?state=a&state=b&code=${code}`);
    });

    it('an expired state', async () => {
      const { state, code } = await authorized('expired');
      const cache = t.app.get(KeyValueCache);
      const pending = await cache.get(`oauth-state:${state}`);
      await cache.set(`oauth-state:${state}`, pending, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expectFailure(`/v1/oauth/chatapp?state=${state}&code=${code}`);
    });

    it('a bad, used or missing code, and a state of the other provider', async () => {
      const bad = await authorized('bad-code');
      await expectFailure(`/v1/oauth/chatapp?state=${bad.state}&code=not-the-code`);
      const used = await authorized('used-code');
      await t.http().get(`/v1/oauth/chatapp?state=${used.state}&code=${used.code}`);
      const again = await authorized('used-code');
      await expectFailure(`/v1/oauth/chatapp?state=${again.state}&code=${used.code}`);
      const missing = await authorized('missing-code');
      await expectFailure(`/v1/oauth/chatapp?state=${missing.state}`);
      const other = await authorized('other-provider');
      await expectFailure(`/v1/oauth/gameplatform?state=${other.state}&code=${other.code}`);
      await expectFailure(`/v1/oauth/elsewhere?state=${other.state}&code=${other.code}`);
    });

    it('a provider error answer', async () => {
      const { state } = await authorized('denied');
      await expectFailure(`/v1/oauth/chatapp?state=${state}&error=access_denied`);
    });
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
        const start = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/' });
        const target = new URL(start.body.targetUrl);
        const page = await t.http().get(`${target.pathname}${target.search}`);
        const submitted = await second
          .http()
          .post(target.pathname)
          .type('form')
          .send({ ...hiddenFields(page.text), username: 'roamer', id: '555000111223111', preset: '' });
        const back = new URL(submitted.headers.location);
        const callback = await second.http().get(`${back.pathname}${back.search}`);
        expect(callback.status).toBe(302);
        expect(callback.headers.location).toBe(`http://allowed.example/?state=${start.body.state}`);
        const cookie = cookieHeader(callback);
        const onFirst = await t.http().get('/v1/users/@me').set('Cookie', cookie);
        expect(onFirst.status).toBe(200);
        const replay = await t.http().get(`${back.pathname}${back.search}`);
        expect(replay.headers.location).toBe('/');
      } finally {
        await second.close();
      }
    });
  }
});
