import { createHash } from 'node:crypto';
import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { cookieHeader, sessionCookiesSet } from '../support/sign-in';
import { FAKE_CLIENT, type FakeOAuthProvider, type FakeProviderBehaviour, startFakeOAuthProvider } from '../support/fake-oauth-provider';

describeEachBackend('OAuth against a real upstream provider that fails', (backend) => {
  let fake: FakeOAuthProvider;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider();
    t = await createTestApp(backend, {
      env: { ...fake.env(), UPSTREAM_TIMEOUT_MS: '300', REDIRECT_ALLOWLIST: 'http://allowed.example/' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.behaviour = 'ok';
    fake.tokenRequests.length = 0;
    fake.profileAuthorizations.length = 0;
  });

  async function started(): Promise<{ state: string; targetUrl: URL; cookie: string }> {
    const response = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/' });
    expect(response.status).toBe(200);
    return { state: response.body.state, targetUrl: new URL(response.body.targetUrl), cookie: cookieHeader(response) };
  }

  it('exchanges the code with PKCE and the client credentials, then reads the profile with the token', async () => {
    const { state, targetUrl, cookie } = await started();
    expect(`${targetUrl.origin}${targetUrl.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(targetUrl.searchParams)).toEqual({
      response_type: 'code',
      client_id: FAKE_CLIENT.id,
      redirect_uri: `${t.url}/v1/oauth/chatapp`,
      scope: 'identify',
      state,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const callback = await t.http().get(`/v1/oauth/chatapp?state=${state}&code=${FAKE_CLIENT.code}`).set('Cookie', cookie);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe(`http://allowed.example/?state=${state}`);

    const [form] = fake.tokenRequests;
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: FAKE_CLIENT.code,
      redirect_uri: `${t.url}/v1/oauth/chatapp`,
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
      client_id: FAKE_CLIENT.id,
      client_secret: FAKE_CLIENT.secret,
    });
    const challenge = createHash('sha256').update(form.get('code_verifier')!).digest('base64url');
    expect(challenge).toBe(targetUrl.searchParams.get('code_challenge'));
    expect(fake.profileAuthorizations).toEqual([`Bearer ${FAKE_CLIENT.token}`]);
    const link = await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ externalId: '777000777000777' });
    expect(link.externalMetadata).toEqual({ id: '777000777000777', username: 'fake', global_name: 'Fake', avatar: null });
  });

  it.each<[FakeProviderBehaviour, string]>([
    ['error-500', 'answers 500'],
    ['hang', 'never answers (past UPSTREAM_TIMEOUT_MS)'],
    ['bad-code', 'refuses the code'],
    ['profile-without-id', 'sends a profile without an id'],
    ['not-json', 'answers something other than JSON'],
  ])('redirects to FAILURE_REDIRECT_URL and creates nothing when the provider %s', async (behaviour) => {
    const { state, cookie } = await started();
    fake.behaviour = behaviour;
    const counts = () =>
      Promise.all([UserEntity, SessionEntity, ProviderLinkEntity].map((entity) => t.dataSource.getRepository(entity).count()));
    const before = await counts();
    const startedAt = Date.now();
    const callback = await t.http().get(`/v1/oauth/chatapp?state=${state}&code=${FAKE_CLIENT.code}`).set('Cookie', cookie);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/');
    expect(sessionCookiesSet(callback)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('signs nobody in when the callback reaches a browser without the binding cookie (login CSRF)', async () => {
    const { state } = await started();
    const counts = () =>
      Promise.all([UserEntity, SessionEntity, ProviderLinkEntity].map((entity) => t.dataSource.getRepository(entity).count()));
    const before = await counts();
    const callback = await t.http().get(`/v1/oauth/chatapp?state=${state}&code=${FAKE_CLIENT.code}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/');
    expect(sessionCookiesSet(callback)).toEqual([]);
    expect(fake.tokenRequests).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('mounts no development providers when DEV_PROVIDERS is off', async () => {
    const response = await t.http().get('/dev/chatapp/oauth/authorize');
    expect(response.status).toBe(404);
  });
});
