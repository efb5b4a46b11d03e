import { ChatMemberEntity } from '../../src/chat-roles/chat-member.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { eventsAbout } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { chatSignIn, ROLES } from '../support/chat-roles';
import { aUser, signIn } from '../support/factories';
import { type FakeChatProvider, startFakeChatProvider } from '../support/fake-chat-provider';
import { type FakeOAuthProvider, startFakeOAuthProvider } from '../support/fake-oauth-provider';
import { sleep, until } from '../support/wait';

const { USER, STAFF, MODERATOR_CHIEF, ADMINISTRATOR } = Permission;
const SWEEP_MS = 1000;

describeEachBackend('chat roles: the sweep, the provider’s rate limit and staff second factors', (backend) => {
  let t: TestApp;
  let oauth: FakeOAuthProvider;
  let chat: FakeChatProvider;
  let admin: string;
  let nextChatId = 410000000000000000n;

  beforeAll(async () => {
    [oauth, chat] = await Promise.all([startFakeOAuthProvider(), startFakeChatProvider()]);
    t = await createTestApp(backend, {
      env: {
        ...oauth.env(),
        ...chat.env(),
        ROLE_SYNC_INTERVAL_MS: String(SWEEP_MS),
        STAFF_REQUIRE_CHAT_MFA: 'true',
        UPSTREAM_TIMEOUT_MS: '600',
        REDIRECT_ALLOWLIST: 'http://allowed.example/',
        RATE_LIMITS: 'off',
      },
    });
    const administrator = await aUser(t, { permissions: USER | STAFF | MODERATOR_CHIEF | ADMINISTRATOR, chatMfa: true });
    admin = await signIn(t, administrator);
    const put = await t.http().put('/v1/role-mappings').set('Cookie', admin).send({
      mappings: [{ chatRoleId: ROLES.staff, permissions: String(STAFF) }, { chatRoleId: ROLES.whitelisted, permissions: String(USER) }],
      requireMembership: false,
      requiredRoleIds: [],
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([oauth.close(), chat.close()]);
  });
  beforeEach(() => {
    chat.behaviour = 'ok';
    chat.rateLimitHeaders = undefined;
  });

  const aChatId = () => String(++nextChatId);
  const stored = (userId: string) => t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId });
  const memberRow = (userId: string) => t.dataSource.getRepository(ChatMemberEntity).findOneByOrFail({ userId });
  const me = (cookie: string) => t.http().get('/v1/users/@me').set('Cookie', cookie);

  it('counts staff bits, synced or manual, only for a user whose chat profile reported mfa_enabled at the latest sign-in', async () => {
    const chatId = aChatId();
    chat.members.set(chatId, { roles: [ROLES.staff] });
    const without = await chatSignIn(t, oauth, chatId, { mfa_enabled: false });
    expect((await me(without.cookie)).body.permissions).toBe(String(USER));
    const dossier = await t.http().get(`/v1/staff/users/${without.userId}`).set('Cookie', admin);
    expect(dossier.body.user).toMatchObject({ permissions: String(USER), syncedPermissions: String(STAFF), chatMfa: false });
    expect((await t.http().get('/v1/staff/users').set('Cookie', without.cookie)).status).toBe(403);

    const withMfa = await chatSignIn(t, oauth, chatId, { mfa_enabled: true });
    expect((await me(withMfa.cookie)).body.permissions).toBe(String(USER | STAFF));
    expect(await stored(without.userId!)).toMatchObject({ chatMfa: true, syncedPermissions: STAFF });
    const events = await eventsAbout(t, admin, without.userId!);
    expect(events.map((event) => [event.action, event.data])).toEqual([['user.permissions_synced', { before: String(USER), after: String(USER | STAFF) }]]);
  });

  it('sweeps members signed in within 30 days every ROLE_SYNC_INTERVAL_MS, as the system', async () => {
    const recent = aChatId();
    const old = aChatId();
    chat.members.set(recent, { roles: [] });
    chat.members.set(old, { roles: [] });
    const recentUser = (await chatSignIn(t, oauth, recent, { mfa_enabled: true })).userId!;
    const oldUser = (await chatSignIn(t, oauth, old, { mfa_enabled: true })).userId!;
    const steady = aChatId();
    chat.members.set(steady, { roles: [ROLES.whitelisted] });
    const steadyUser = (await chatSignIn(t, oauth, steady, { mfa_enabled: true })).userId!;
    const [steadyRow, steadyMember] = [await stored(steadyUser), await memberRow(steadyUser)];
    await t.dataSource.getRepository(ChatMemberEntity).update({ userId: oldUser }, { signedInAt: new Date(Date.now() - 31 * 86_400_000) });
    // A sweep that read its page before that update could still ask about the old user: the roles
    // change only once a sweep that began after it has asked about the steady member.
    const afterUpdate = chat.requests.length;
    await until(async () => chat.requests.slice(afterUpdate).filter((request) => request.userId === steady).length >= 2, 20 * SWEEP_MS);
    chat.members.set(recent, { roles: [ROLES.staff] });
    chat.members.set(old, { roles: [ROLES.staff] });
    const requestsBefore = chat.requests.length;

    await until(async () => (await stored(recentUser)).syncedPermissions === STAFF, 10 * SWEEP_MS);
    await sleep(2 * SWEEP_MS);
    expect((await stored(oldUser)).syncedPermissions).toBe(0);
    expect(chat.requests.slice(requestsBefore).some((request) => request.userId === old)).toBe(false);
    // An answer that changes nothing only stamps syncedAt: the user's row is not written.
    expect((await memberRow(steadyUser)).syncedAt!.getTime()).toBeGreaterThan(steadyMember.syncedAt!.getTime());
    expect(await stored(steadyUser)).toEqual(steadyRow);
    const [event] = await eventsAbout(t, admin, recentUser);
    expect(event).toMatchObject({ action: 'user.permissions_synced', actor: { type: 'system', id: null }, data: { before: String(USER), after: String(USER | STAFF) } });
  });

  /** When the first request asked after `at` (calls already in flight at `at` aside) reached the provider. */
  async function nextAskedAfter(at: number): Promise<number> {
    const later = () => chat.requests.find((request) => request.at > at + 50);
    await until(async () => later() !== undefined, 10 * SWEEP_MS);
    return later()!.at;
  }

  it('honours a 429’s retry_after and X-RateLimit-* in every call of the process: nothing is asked until they pass', async () => {
    const chatId = aChatId();
    chat.members.set(chatId, { roles: [ROLES.staff] });
    await chatSignIn(t, oauth, chatId, { mfa_enabled: true });

    chat.retryAfter = 1.5;
    chat.behaviour = 'rate-limited';
    const start = chat.requests.length;
    await until(async () => chat.requests.length > start, 10 * SWEEP_MS);
    const limitedAt = chat.requests[start].at;
    chat.behaviour = 'ok';
    // A sign-in meanwhile does not wait past UPSTREAM_TIMEOUT_MS: it signs in on the last-known state without asking.
    const during = await chatSignIn(t, oauth, chatId, { mfa_enabled: true });
    expect(during.location).toMatch(/^http:\/\/allowed\.example\//);
    expect(await nextAskedAfter(limitedAt)).toBeGreaterThanOrEqual(limitedAt + 1450);

    chat.rateLimitHeaders = { remaining: 0, resetAfter: 1.2 };
    const next = chat.requests.length;
    await until(async () => chat.requests.length > next, 10 * SWEEP_MS);
    const exhaustedAt = chat.requests[next].at;
    expect(await nextAskedAfter(exhaustedAt)).toBeGreaterThanOrEqual(exhaustedAt + 1150);
  });
});
