import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { KeyValueCache } from '../../src/cache/key-value-cache';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { authorizeWithDevProvider, sessionCookiesSet, setCookies } from '../support/sign-in';

describeEachBackend('OAuth redirects: the allowlist and failed callbacks', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { REDIRECT_ALLOWLIST: 'http://allowed.example/,https://site.example:8443/app/' } });
  });
  afterAll(() => t.close());

  const count = (entity: typeof UserEntity | typeof SessionEntity | typeof ProviderLinkEntity) =>
    t.dataSource.getRepository(entity).count();

  describe('the allowlist', () => {
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
      'not a url',
      '',
    ])('refuses %s with 400', async (redirectUrl) => {
      const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid redirect URL' });
    });

    it('refuses a redirect URL holding a control character as a malformed body (decisions §13)', async () => {
      const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/\tx' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'redirectUrl', message: 'redirectUrl must not contain control characters' }] });
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
    const authorized = (username: string) => authorizeWithDevProvider(t, { username, redirectUrl: 'http://allowed.example/' });

    async function expectFailure(path: string, cookie = ''): Promise<void> {
      const before = [await count(UserEntity), await count(SessionEntity), await count(ProviderLinkEntity)];
      const response = await t.http().get(path).set('Cookie', cookie);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(sessionCookiesSet(response)).toEqual([]);
      expect(setCookies(response).oauth_binding).toMatch(/^oauth_binding=; Path=\/v1\/oauth; Expires=Thu, 01 Jan 1970/);
      expect(response.headers['content-type'] ?? '').not.toContain('json');
      expect([await count(UserEntity), await count(SessionEntity), await count(ProviderLinkEntity)]).toEqual(before);
    }

    it('a replayed state', async () => {
      const { state, code, cookie } = await authorized('replayed');
      const first = await t.http().get(`/v1/oauth/chatapp?state=${state}&code=${code}`).set('Cookie', cookie);
      expect(first.headers.location).toBe(`http://allowed.example/?state=${state}`);
      await expectFailure(`/v1/oauth/chatapp?state=${state}&code=${code}`, cookie);
    });

    it('an unknown, malformed or missing state', async () => {
      const { code, cookie } = await authorized('unknown-state');
      await expectFailure(`/v1/oauth/chatapp?state=${'x'.repeat(43)}&code=${code}`, cookie);
      await expectFailure(`/v1/oauth/chatapp?state=short&code=${code}`, cookie);
      await expectFailure(`/v1/oauth/chatapp?code=${code}`, cookie);
      await expectFailure(`/v1/oauth/chatapp?state=a&state=b&code=${code}`, cookie);
    });

    it('an expired state', async () => {
      const { state, code, cookie } = await authorized('expired');
      const cache = t.app.get(KeyValueCache);
      const pending = await cache.get(`oauth-state:${state}`);
      await cache.set(`oauth-state:${state}`, pending, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expectFailure(`/v1/oauth/chatapp?state=${state}&code=${code}`, cookie);
    });

    it('a bad, used or missing code, and a state of the other provider', async () => {
      const bad = await authorized('bad-code');
      await expectFailure(`/v1/oauth/chatapp?state=${bad.state}&code=not-the-code`, bad.cookie);
      const used = await authorized('used-code');
      await t.http().get(`/v1/oauth/chatapp?state=${used.state}&code=${used.code}`).set('Cookie', used.cookie);
      const again = await authorized('used-code');
      await expectFailure(`/v1/oauth/chatapp?state=${again.state}&code=${used.code}`, again.cookie);
      const missing = await authorized('missing-code');
      await expectFailure(`/v1/oauth/chatapp?state=${missing.state}`, missing.cookie);
      const other = await authorized('other-provider');
      await expectFailure(`/v1/oauth/gameplatform?state=${other.state}&code=${other.code}`, other.cookie);
      await expectFailure(`/v1/oauth/elsewhere?state=${other.state}&code=${other.code}`, other.cookie);
    });

    it('a provider error answer', async () => {
      const { state, cookie } = await authorized('denied');
      await expectFailure(`/v1/oauth/chatapp?state=${state}&error=access_denied`, cookie);
    });

    it('a callback without the binding cookie of the browser that started, or with another one', async () => {
      const started = await authorized('elsewhere');
      const path = `/v1/oauth/chatapp?state=${started.state}&code=${started.code}`;
      await expectFailure(path);
      // The state is spent: even the right browser cannot use it after that.
      await expectFailure(path, started.cookie);
      const other = await authorized('other-browser');
      const mine = await authorized('my-browser');
      await expectFailure(`/v1/oauth/chatapp?state=${mine.state}&code=${mine.code}`, other.cookie);
      await expectFailure(`/v1/oauth/chatapp?state=${other.state}&code=${other.code}`, 'oauth_binding=j%3A%7B%7D');
    });
  });
});
