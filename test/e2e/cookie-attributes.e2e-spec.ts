import { SessionEntity } from '../../src/auth/session.entity';
import { hashToken } from '../../src/common/secrets';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { cookieHeader, cookieValue, setCookies } from '../support/sign-in';

/** Every cookie the service writes or clears carries the configured `Domain` and `Secure` (decisions §3, §4.6). */
describeEachBackend('cookie attributes from the configuration', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    // The service only believes it is served over https; the tests still speak plain HTTP to it on loopback.
    t = await createTestApp(backend, {
      env: { PUBLIC_BASE_URL: 'https://play.example', COOKIE_DOMAIN: 'play.example', REDIRECT_ALLOWLIST: 'https://www.play.example/' },
    });
  });
  afterAll(() => t.close());

  const attributes = (path: string) => new RegExp(`; Domain=play\\.example; Path=${path.replace(/\//g, '\\/')}; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$`);

  /** A signed-in browser whose access token is due for renewal. */
  async function aRenewingBrowser(): Promise<string> {
    const user = await aUser(t);
    const cookie = await signIn(t, user);
    const hash = hashToken(cookieValue(cookie, 'access_token')!);
    await t.dataSource.getRepository(SessionEntity).update({ accessTokenHash: hash }, { accessExpiresAt: new Date(Date.now() + 60_000) });
    await t.rowsChanged(user.id);
    return cookie;
  }

  it('writes the renewed session cookies with Domain and Secure (Secure by default under an https PUBLIC_BASE_URL)', async () => {
    expect(t.config.cookieSecure).toBe(true);
    const response = await t.http().get('/v1/users/@me').set('Cookie', await aRenewingBrowser());
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    expect(cookies.access_token).toMatch(/^access_token=[^;]+; Max-Age=86400/);
    expect(cookies.access_token).toMatch(attributes('/'));
    expect(cookies.refresh_token).toMatch(attributes('/'));
  });

  it('clears them at logout with the same Domain and Secure, or the browser would keep them', async () => {
    const renewed = cookieHeader(await t.http().get('/v1/users/@me').set('Cookie', await aRenewingBrowser()));
    const response = await t.http().post('/v1/oauth/logout').set('Cookie', renewed);
    expect(response.status).toBe(204);
    const cookies = setCookies(response);
    expect(cookies.access_token).toMatch(/^access_token=; /);
    expect(cookies.access_token).toMatch(attributes('/'));
    expect(cookies.refresh_token).toMatch(attributes('/'));
    expect((await t.http().get('/v1/users/@me').set('Cookie', renewed)).status).toBe(401);
  });

  it('writes the sign-in binding cookie with Domain and Secure on its own path', async () => {
    const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'https://www.play.example/after' });
    expect(response.status).toBe(200);
    expect(setCookies(response).oauth_binding).toMatch(attributes('/v1/oauth'));
  });
});

describeEachBackend('cookie attributes: COOKIE_SECURE=false wins over an https PUBLIC_BASE_URL', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_BASE_URL: 'https://play.example', COOKIE_SECURE: 'false', REDIRECT_ALLOWLIST: 'https://www.play.example/' } });
  });
  afterAll(() => t.close());

  it('writes host-only cookies without Secure', async () => {
    const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'https://www.play.example/after' });
    expect(response.status).toBe(200);
    const binding = setCookies(response).oauth_binding;
    expect(binding).toMatch(/; Path=\/v1\/oauth; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(binding).not.toMatch(/Domain=|Secure/);
  });
});
