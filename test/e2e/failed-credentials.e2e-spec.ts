import { FAILED_CREDENTIALS_PER_MINUTE } from '../../src/access/failed-credentials';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { countQueries } from '../support/queries';

// The tests connect from loopback, a trusted proxy here, so X-Forwarded-For stands for the client.
describeEachBackend('failed credentials are rate limited per client IP', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { TRUST_PROXY: '127.0.0.0/8, ::1/128' } });
  });
  afterAll(() => t.close());

  const me = (client: string) => t.http().get('/v1/users/@me').set('X-Forwarded-For', client);
  /** Each kind of failed presentation in turn: a session Bearer token, an `rpk_` key, a cookie. */
  const failed = (client: string, i: number) => {
    const kind = i % 3;
    if (kind === 0) return me(client).set('Authorization', `Bearer ${'x'.repeat(20)}${i}`);
    if (kind === 1) return me(client).set('Authorization', `Bearer rpk_${String(i).padStart(43, 'A')}`);
    return me(client).set('Cookie', `access_token=nope${i}`);
  };

  it(`answers ${FAILED_CREDENTIALS_PER_MINUTE} failures 401, then 429 before any lookup, for that client only`, async () => {
    const client = '2001:db8:77:1::1';
    for (let i = 0; i < FAILED_CREDENTIALS_PER_MINUTE; i++) {
      // Any address of the same /64 is the same client.
      const response = await failed(i % 2 ? client : `2001:db8:77:1::${i + 2}`, i);
      expect({ i, status: response.status }).toEqual({ i, status: 401 });
    }
    let refused: Awaited<ReturnType<typeof me>> | undefined;
    const queries = await countQueries(t, async () => {
      refused = await failed(client, 1);
    });
    expect(refused!.status).toBe(429);
    expect(refused!.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(queries).toBe(0);

    // Even a good token from that client waits; no credentials at all are still served.
    const cookie = await signIn(t, await aUser(t));
    expect((await me(client).set('Cookie', cookie)).status).toBe(429);
    // So does either token alone.
    for (const half of cookie.split('; ')) expect((await me(client).set('Cookie', half)).status).toBe(429);
    expect((await t.http().get('/v1/nationalities').set('X-Forwarded-For', client)).status).toBe(200);
    expect(await me(client)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    // Another client is untouched.
    expect((await me('2001:db8:77:2::1').set('Cookie', cookie)).status).toBe(200);
    expect((await failed('198.51.100.20', 0)).status).toBe(401);
  });

  it('does not count requests that present no credentials at all', async () => {
    for (let i = 0; i <= FAILED_CREDENTIALS_PER_MINUTE; i++) {
      expect(await me('198.51.100.40')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    }
    expect((await me('198.51.100.40').set('Cookie', await signIn(t, await aUser(t)))).status).toBe(200);
  });

  it('does not count good presentations', async () => {
    const cookie = await signIn(t, await aUser(t));
    for (let i = 0; i < FAILED_CREDENTIALS_PER_MINUTE + 5; i++) {
      expect((await me('198.51.100.30').set('Cookie', cookie)).status).toBe(200);
    }
  });
});
