import { Controller, Get, Post } from '@nestjs/common';
import { Authenticated, CurrentUser, PathUserId, RateLimit } from '../../src/access/access.decorators';
import type { Principal } from '../../src/access/principal';
import { NO_SUCH_ID } from '../../src/common/ids';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';

@Controller('probe')
class ProbeController {
  @Get('me/:userId')
  @Authenticated()
  me(@CurrentUser() user: Principal, @PathUserId() userId: string) {
    return { caller: user.id, userId };
  }

  @Get('staff')
  @Authenticated({ anyOf: [Permission.STAFF, Permission.ADMINISTRATOR] })
  staff() {
    return { ok: true };
  }

  @Get('both')
  @Authenticated({ allOf: [Permission.STAFF, Permission.ADMINISTRATOR] })
  both() {
    return { ok: true };
  }

  @Post('limited')
  @Authenticated()
  @RateLimit(2)
  limited() {
    return { ok: true };
  }
}

describeEachBackend('access guard, permissions and rate limits', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { controllers: [ProbeController] });
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    const response = await t.http().get('/v1/probe/me/@me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
  });

  it('resolves @me and accepts the cookie or a Bearer header', async () => {
    const user = await aUser(t);
    const cookie = await signIn(t, user);
    const byCookie = await t.http().get('/v1/probe/me/@me').set('Cookie', cookie);
    expect(byCookie.body).toEqual({ caller: user.id, userId: user.id });
    const bearer = /access_token=([^;]+)/.exec(cookie)![1];
    const byHeader = await t.http().get(`/v1/probe/me/${user.id}`).set('Authorization', `Bearer ${bearer}`);
    expect(byHeader.body).toEqual({ caller: user.id, userId: user.id });
  });

  it('gives a malformed path user id as the id nobody has, for the service to refuse', async () => {
    const user = await aUser(t);
    const response = await t.http().get('/v1/probe/me/12abc').set('Cookie', await signIn(t, user));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ caller: user.id, userId: NO_SUCH_ID });
  });

  it('tells a malformed token from an unknown one', async () => {
    const malformed = await t.http().get('/v1/probe/me/@me').set('Cookie', 'access_token=nonsense');
    expect(malformed.body.code).toBe('INVALID_TOKEN_STRUCTURE');
    const unknown = await t
      .http()
      .get('/v1/probe/me/@me')
      .set('Cookie', `access_token=123.${'a'.repeat(43)}`);
    expect(unknown.body.code).toBe('INVALID_TOKEN');
  });

  it('checks any-of and all-of permissions with their codes', async () => {
    const plain = await signIn(t, await aUser(t));
    const staff = await signIn(t, await aUser(t, { permissions: Permission.USER | Permission.STAFF }));
    expect((await t.http().get('/v1/probe/staff').set('Cookie', plain)).body).toEqual({
      error: 'Forbidden',
      code: 'MISSING_FULL_PERMISSIONS',
    });
    expect((await t.http().get('/v1/probe/staff').set('Cookie', staff)).status).toBe(200);
    const both = await t.http().get('/v1/probe/both').set('Cookie', staff);
    expect(both.status).toBe(403);
    expect(both.body.code).toBe('MISSING_PARTIAL_PERMISSIONS');
  });

  it('rate-limits per user with Retry-After', async () => {
    const first = await signIn(t, await aUser(t));
    const second = await signIn(t, await aUser(t));
    expect((await t.http().post('/v1/probe/limited').set('Cookie', first)).status).toBe(201);
    expect((await t.http().post('/v1/probe/limited').set('Cookie', first)).status).toBe(201);
    const limited = await t.http().post('/v1/probe/limited').set('Cookie', first);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.http().post('/v1/probe/limited').set('Cookie', second)).status).toBe(201);
  });
});
