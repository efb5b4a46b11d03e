import Database from 'better-sqlite3';
import type { Response } from 'supertest';
import { SessionsService } from '../../src/auth/sessions.service';
import { runCli } from '../../src/cli/main';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, signIn } from '../support/factories';
import { aServiceKey, withCaller } from '../support/money';
import { cookieHeader } from '../support/sign-in';

const { USER, STAFF, SERVICE_ADMINISTRATOR, DEVELOPER, ADMINISTRATOR, MODERATOR_CHIEF } = Permission;

/**
 * A permission change or a revocation counts from the very next request, however hot the path was
 * just before: with Redis, requests are authenticated from copies of the session and user rows kept
 * between requests, which every such change makes stale (RecentSessions, PrincipalVersions); on
 * SQLite, from copies the process's own versions and the database's data version make stale
 * (LocalVersions).
 */
describeEachBackend('hot path: changes apply on the very next request', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const profile = (cookie: string, userId: string) => t.http().get(`/v1/users/${userId}`).set('Cookie', cookie);

  /** Many reads first, so anything a request could reuse from the ones before is in place. */
  async function warm(cookie: string, userId: string, status: number): Promise<void> {
    for (let i = 0; i < 10; i++) expect((await profile(cookie, userId)).status).toBe(status);
  }

  it('a granted and a withdrawn permission', async () => {
    const admin = await aUser(t, { permissions: USER | SERVICE_ADMINISTRATOR | DEVELOPER });
    const adminCookie = await signIn(t, admin);
    const target = await aUser(t);
    let cookie = await signIn(t, target);
    await warm(cookie, admin.id, 403);

    const grant = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', adminCookie).send({ permissions: String(USER | SERVICE_ADMINISTRATOR) });
    expect(grant.status).toBe(200);
    const granted = await profile(cookie, admin.id);
    expect(granted.status).toBe(200);
    expect(granted.body.userId).toBe(admin.id);
    cookie = cookieHeader(granted, cookie);
    await warm(cookie, admin.id, 200);

    const withdraw = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', adminCookie).send({ permissions: String(USER) });
    expect(withdraw.status).toBe(200);
    expect((await profile(cookie, admin.id)).status).toBe(403);
  });

  it('a signed-out session, and every session after sign-out everywhere', async () => {
    const user = await aUser(t);
    const first = await signIn(t, user);
    const second = await signIn(t, user);
    await warm(first, '@me', 200);
    await warm(second, '@me', 200);

    expect((await t.http().post('/v1/oauth/logout').set('Cookie', first)).status).toBe(204);
    const refused = await profile(first, '@me');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_TOKEN');
    expect((await profile(second, '@me')).status).toBe(200);

    const third = await signIn(t, user);
    await warm(third, '@me', 200);
    expect((await t.http().post('/v1/oauth/logout?all=true').set('Cookie', third)).status).toBe(204);
    for (const cookie of [second, third]) expect((await profile(cookie, '@me')).status).toBe(401);
  });

  it("sessions revoked by the operator's command line, a process of its own", async () => {
    const user = await aUser(t, { permissions: USER });
    const cookie = await signIn(t, user);
    await warm(cookie, '@me', 200);
    const cli = (...argv: string[]) => runCli(argv, t.cliEnv(), { out: () => undefined, err: () => undefined });
    expect(await cli('grant', user.id, 'STAFF')).toBe(0);
    const renewed = await profile(cookie, '@me');
    expect(renewed.status).toBe(200);
    expect(renewed.body.permissions).toBe(String(USER | STAFF));
    expect(renewed.headers['set-cookie']).toHaveLength(2);
  });

  (backend.name === 'sqlite' ? it : it.skip)('rows changed in the file by another connection, not through the application', async () => {
    const user = await aUser(t, { permissions: USER });
    const cookie = await signIn(t, user);
    await warm(cookie, '@me', 200);
    const other = new Database(t.config.databaseUrl.slice('sqlite:'.length));
    try {
      other.prepare('UPDATE users SET permissions = ? WHERE id = ?').run(USER | STAFF, user.id);
      const changed = await profile(cookie, '@me');
      expect(changed.status).toBe(200);
      expect(changed.body.permissions).toBe(String(USER | STAFF));
      await warm(cookie, '@me', 200);
      other.prepare('UPDATE sessions SET "revokedAt" = ? WHERE "userId" = ?').run(new Date().toISOString(), user.id);
    } finally {
      other.close();
    }
    expect((await profile(cookie, '@me')).status).toBe(401);
  });

  it('a change still uncommitted is not kept: rolled back, it never counted', async () => {
    const user = await aUser(t, { permissions: USER });
    const cookie = await signIn(t, user);
    await warm(cookie, '@me', 200);
    const rolledBack = new Error('rolled back');
    let during: Response | undefined;
    const transaction = t.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: user.id }, { permissions: USER | STAFF });
      await t.rowsChanged(user.id);
      // On SQLite another request reads through this transaction's connection, and sees its change.
      during = await profile(cookie, '@me');
      throw rolledBack;
    });
    await expect(transaction).rejects.toBe(rolledBack);
    expect(during?.status).toBe(200);
    const after = await profile(cookie, '@me');
    expect(after.status).toBe(200);
    expect(after.body.permissions).toBe(String(USER));
    expect((await profile(cookie, '@me')).body.permissions).toBe(String(USER));
  });

  it('every session of the user revoked, as a ban does', async () => {
    const user = await aUser(t);
    const cookie = await signIn(t, user);
    await warm(cookie, '@me', 200);
    await t.app.get(SessionsService).revokeAllOfUser(user.id);
    expect((await profile(cookie, '@me')).status).toBe(401);
  });

  it("a service key, after its maker's demotion and ban", async () => {
    const maker = await aUser(t, { permissions: USER | ADMINISTRATOR | MODERATOR_CHIEF });
    const makerCookie = await signIn(t, maker);
    const other = await signIn(t, await aUser(t, { permissions: USER | ADMINISTRATOR | MODERATOR_CHIEF }));
    const key = await aServiceKey(t, { cookie: makerCookie }, ADMINISTRATOR);
    const keys = () => withCaller(t.http().get('/v1/service-keys'), { key });
    for (let i = 0; i < 10; i++) expect((await keys()).status).toBe(200);

    expect((await t.http().patch(`/v1/users/${maker.id}`).set('Cookie', other).send({ permissions: String(USER | MODERATOR_CHIEF) })).status).toBe(200);
    expect((await keys()).status).toBe(403);
    expect((await t.http().patch(`/v1/users/${maker.id}`).set('Cookie', other).send({ permissions: String(USER | ADMINISTRATOR | MODERATOR_CHIEF) })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await keys()).status).toBe(200);

    const ban = { type: 'ban', reason: 'fraude', expiresAt: null };
    expect((await t.http().post(`/v1/users/${maker.id}/sanctions`).set('Cookie', other).send(ban)).status).toBe(201);
    expect((await keys()).status).toBe(401);
  });
});
