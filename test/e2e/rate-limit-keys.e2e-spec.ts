import { Controller, Get } from '@nestjs/common';
import { OptionalAuthentication, RateLimit } from '../../src/access/access.decorators';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';

@Controller('probe')
class ProbeController {
  @Get('anonymous')
  @OptionalAuthentication()
  @RateLimit(2)
  anonymous() {
    return { ok: true };
  }
}

// The tests connect from loopback, a trusted proxy here, so X-Forwarded-For stands for the client.
describeEachBackend('rate-limit keys', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { TRUST_PROXY: '127.0.0.0/8, ::1/128' }, controllers: [ProbeController] });
  });
  afterAll(() => t.close());

  const from = (client: string, cookie?: string) => {
    const call = t.http().get('/v1/probe/anonymous').set('X-Forwarded-For', client);
    return cookie ? call.set('Cookie', cookie) : call;
  };

  it('counts two IPv6 addresses of one /64 together, and another /64 apart', async () => {
    expect((await from('2001:db8:aa:1::1')).status).toBe(200);
    expect((await from('2001:db8:aa:1:ffff:ffff:ffff:fffe')).status).toBe(200);
    const limited = await from('2001:db8:aa:1:1234::9');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect((await from('2001:db8:aa:2::1')).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await from('198.51.100.7')).status).toBe(200);
    expect((await from('::ffff:198.51.100.7')).status).toBe(200);
    expect((await from('198.51.100.7')).status).toBe(429);
    expect((await from('198.51.100.8')).status).toBe(200);
  });

  it('counts a signed-in caller by user, whatever address the call comes from', async () => {
    const cookie = await signIn(t, await aUser(t));
    expect((await from('203.0.113.1', cookie)).status).toBe(200);
    expect((await from('203.0.113.2', cookie)).status).toBe(200);
    expect((await from('203.0.113.3', cookie)).status).toBe(429);
    expect((await from('203.0.113.3')).status).toBe(200);
  });
});

describeEachBackend('rate-limit keys without a trusted proxy', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { controllers: [ProbeController] });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For, so a client cannot pick its own counter', async () => {
    const call = (client: string) => t.http().get('/v1/probe/anonymous').set('X-Forwarded-For', client);
    expect((await call('192.0.2.1')).status).toBe(200);
    expect((await call('192.0.2.2')).status).toBe(200);
    expect((await call('192.0.2.3')).status).toBe(429);
  });

  it('takes 300 calls a minute to a route without its own limit, and answers the 301st with 429', async () => {
    // The cheapest such route: the nationalities' ETag answered with 304.
    const etag = (await t.http().get('/v1/nationalities')).headers.etag as string;
    const call = () => t.http().get('/v1/nationalities').set('If-None-Match', etag);
    for (let made = 2; made <= 300; made++) expect((await call()).status).toBe(304);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
  });
});
