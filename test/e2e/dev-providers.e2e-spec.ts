import { createHash, randomBytes } from 'node:crypto';
import type { ProviderName } from '../../src/auth/provider-link.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { aUser, signIn } from '../support/factories';
import { hiddenFields, signInThroughDevProvider } from '../support/sign-in';

describeEachBackend('development OAuth providers', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  function authorizeQuery(provider: ProviderName, overrides: Record<string, string> = {}): Record<string, string> {
    return {
      response_type: 'code',
      client_id: `dev-${provider}`,
      redirect_uri: `${t.url}/v1/oauth/${provider}`,
      state: 'the-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'identify',
      ...overrides,
    };
  }

  /** Picks an identity on the page and returns the one-time code it redirects with. */
  async function codeFor(provider: ProviderName, identity: Record<string, string> = { preset: '0' }): Promise<string> {
    const response = await t.http().post(`/dev/${provider}/oauth/authorize`).type('form').send({ ...authorizeQuery(provider), ...identity });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${t.url}/v1/oauth/${provider}`);
    expect(location.searchParams.get('state')).toBe('the-state');
    return location.searchParams.get('code')!;
  }

  function exchange(provider: ProviderName, code: string, overrides: Record<string, string> = {}) {
    return t
      .http()
      .post(`/dev/${provider}/oauth/token`)
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${t.url}/v1/oauth/${provider}`,
        code_verifier: verifier,
        client_id: `dev-${provider}`,
        client_secret: 'dev-secret',
        ...overrides,
      });
  }

  it('serves an authorize page that escapes everything it echoes', async () => {
    const state = `"><script>alert('x')</script>&`;
    const response = await t.http().get('/dev/chatapp/oauth/authorize').query(authorizeQuery('chatapp', { state, scope: '<b>identify</b>' }));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.text).not.toContain('<script>');
    expect(response.text).not.toContain('<b>');
    expect(response.text).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
    expect(hiddenFields(response.text).state).toBe(state);
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }],
    ['another redirect_uri', { redirect_uri: 'http://evil.example/v1/oauth/chatapp' }],
    ['no PKCE', { code_challenge: '' }],
    ['plain PKCE', { code_challenge_method: 'plain' }],
    ['the implicit flow', { response_type: 'token' }],
  ])('refuses %s with an error page and no redirect', async (_, overrides) => {
    const response = await t.http().get('/dev/chatapp/oauth/authorize').query(authorizeQuery('chatapp', overrides));
    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    const submitted = await t.http().post('/dev/chatapp/oauth/authorize').type('form').send({ ...authorizeQuery('chatapp', overrides), preset: '0' });
    expect(submitted.status).toBe(400);
    expect(submitted.headers.location).toBeUndefined();
  });

  it('asks again for an invalid typed identity or an unknown preset', async () => {
    for (const identity of [{ username: '' }, { username: 'has space' }, { username: 'ok', id: '0123' }, { preset: '9' }, { preset: 'x' }]) {
      const response = await t.http().post('/dev/chatapp/oauth/authorize').type('form').send({ ...authorizeQuery('chatapp'), ...identity });
      expect(response.status).toBe(400);
      expect(response.text).toContain('class="problem"');
    }
  });

  it('exchanges a code once, with the right secret, redirect_uri and PKCE verifier', async () => {
    const code = await codeFor('chatapp', { username: 'typed_name', display_name: 'Typed <Name>', preset: '' });
    for (const [overrides, status, error] of [
      [{ client_secret: 'wrong' }, 401, 'invalid_client'],
      [{ client_id: 'dev-gameplatform' }, 401, 'invalid_client'],
      [{ grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ] as const) {
      const refused = await exchange('chatapp', code, overrides);
      expect(refused.status).toBe(status);
      expect(refused.body).toEqual({ error });
    }
    const token = await exchange('chatapp', code);
    expect(token.status).toBe(200);
    expect(token.body).toEqual({ access_token: expect.stringMatching(/^[\w-]{43}$/), token_type: 'Bearer', expires_in: 3600, scope: 'identify' });
    expect((await exchange('chatapp', code)).body).toEqual({ error: 'invalid_grant' });

    const profile = await t.http().get('/dev/chatapp/users/@me').set('Authorization', `Bearer ${token.body.access_token}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ id: expect.stringMatching(/^[1-9]\d{14}$/), username: 'typed_name', global_name: 'Typed <Name>', avatar: null });
    const sameName = await exchange('chatapp', await codeFor('chatapp', { username: 'typed_name', preset: '' }));
    const again = await t.http().get('/dev/chatapp/users/@me').set('Authorization', `Bearer ${sameName.body.access_token}`);
    expect(again.body.id).toBe(profile.body.id);
  });

  it.each([
    ['a wrong verifier', { code_verifier: randomBytes(32).toString('base64url') }],
    ['a short verifier', { code_verifier: 'short' }],
    ['another redirect_uri', { redirect_uri: 'http://evil.example/cb' }],
  ])('refuses a code with %s, and the code is spent', async (_, overrides) => {
    const code = await codeFor('chatapp');
    expect((await exchange('chatapp', code, overrides)).body).toEqual({ error: 'invalid_grant' });
    expect((await exchange('chatapp', code)).body).toEqual({ error: 'invalid_grant' });
  });

  it('takes client credentials as HTTP Basic too', async () => {
    const code = await codeFor('gameplatform', { preset: '1' });
    const response = await t
      .http()
      .post('/dev/gameplatform/oauth/token')
      .auth('dev-gameplatform', 'dev-secret')
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: `${t.url}/v1/oauth/gameplatform`, code_verifier: verifier });
    expect(response.status).toBe(200);
    const userinfo = await t.http().get('/dev/gameplatform/oauth/userinfo').set('Authorization', `Bearer ${response.body.access_token}`);
    expect(userinfo.body).toEqual({
      sub: '3000000002',
      name: 'Bruno',
      nickname: 'Bruno',
      preferred_username: 'bruno_plays',
      picture: null,
    });
  });

  it('answers a profile request without a valid token with 401', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${'a'.repeat(43)}`]) {
      const request = t.http().get('/dev/chatapp/users/@me');
      const response = await (authorization ? request.set('Authorization', authorization) : request);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'invalid_token' });
    }
  });

  it('serves the community’s member endpoint with the roles, membership and second factor chosen on the sign-in page', async () => {
    const page = await t.http().get('/dev/chatapp/oauth/authorize').query(authorizeQuery('chatapp'));
    expect(page.text).toContain('<legend>Roles held</legend>');
    expect(page.text).toMatch(/<label class="choice"><input type="checkbox" name="role" value="1100000000000000002"> Staff/);

    const member = (id: string, authorization = 'Bot dev-bot-token', guild = 'dev-community') =>
      t.http().get(`/dev/chatapp/api/guilds/${guild}/members/${id}`).set('Authorization', authorization);
    await codeFor('chatapp', { preset: '1', role: '1100000000000000002', membership: 'pending', mfa_enabled: 'true' });
    expect((await member('200000000000000002')).body).toEqual({ user: { id: '200000000000000002' }, roles: ['1100000000000000002'], pending: true });
    await codeFor('chatapp', { preset: '1', membership: 'none' });
    expect((await member('200000000000000002')).status).toBe(404);
    expect((await member('200000000000000002', 'Bot wrong')).status).toBe(401);
    expect((await member('200000000000000002', 'Bot dev-bot-token', 'another')).status).toBe(404);
  });

  it('signs a person in with the roles they chose, mapped to permissions, and their second factor', async () => {
    const developer = await aUser(t, { permissions: Permission.USER | Permission.STAFF | Permission.ADMINISTRATOR });
    const cookie = await signIn(t, developer);
    const mappings = [{ chatRoleId: '1100000000000000002', permissions: String(Permission.STAFF) }];
    expect((await t.http().put('/v1/role-mappings').set('Cookie', cookie).send({ mappings, requireMembership: true, requiredRoleIds: [] })).status).toBe(200);
    const signedIn = await signInThroughDevProvider(t, { username: 'rolesperson', form: { role: '1100000000000000002', mfa_enabled: 'true' } });
    const me = await t.http().get('/v1/users/@me').set('Cookie', signedIn.cookie);
    expect(me.body.permissions).toBe(String(Permission.USER | Permission.STAFF));
    expect(await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: me.body.userId })).toMatchObject({ syncedPermissions: Permission.STAFF, chatMfa: true });
    const refused = await signInThroughDevProvider(t, { username: 'leftperson', form: { membership: 'none' } });
    expect(refused.callback.headers.location).toBe('/?error=not_a_member');
    await t.http().put('/v1/role-mappings').set('Cookie', cookie).send({ mappings: [], requireMembership: false, requiredRoleIds: [] });
  });
});
