import { ChatMemberEntity } from '../../src/chat-roles/chat-member.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { eventsAbout } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { chatSignIn, ROLES, sessionStates, storedRules } from '../support/chat-roles';
import { aUser, signIn } from '../support/factories';
import { FAKE_BOT, type FakeChatProvider, startFakeChatProvider } from '../support/fake-chat-provider';
import { type FakeOAuthProvider, startFakeOAuthProvider } from '../support/fake-oauth-provider';
import { aStaffMember } from '../support/staff';

const TIMEOUT_MS = 600;
const { USER, STAFF, MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER } = Permission;

describeEachBackend('chat roles: mappings, sync, failures and membership gating', (backend) => {
  let t: TestApp;
  let oauth: FakeOAuthProvider;
  let chat: FakeChatProvider;
  let admin: { id: string; cookie: string };
  let staff: { cookie: string };
  let nextChatId = 400000000000000000n;

  beforeAll(async () => {
    [oauth, chat] = await Promise.all([startFakeOAuthProvider(), startFakeChatProvider()]);
    t = await createTestApp(backend, {
      env: { ...oauth.env(), ...chat.env(), UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), REDIRECT_ALLOWLIST: 'http://allowed.example/', RATE_LIMITS: 'off' },
    });
    const administrator = await aUser(t, { permissions: USER | STAFF | MODERATOR_CHIEF | ADMINISTRATOR });
    admin = { id: administrator.id, cookie: await signIn(t, administrator) };
    staff = await aStaffMember(t, STAFF);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([oauth.close(), chat.close()]);
  });
  beforeEach(async () => {
    chat.behaviour = 'ok';
    chat.requests.length = 0;
    await setRules({ mappings: [], requireMembership: false, requiredRoleIds: [] });
  });

  const aChatId = () => String(++nextChatId);
  const putRules = (body: unknown, cookie = admin.cookie) => t.http().put('/v1/role-mappings').set('Cookie', cookie).send(body as object);
  async function setRules(body: unknown, cookie = admin.cookie): Promise<void> {
    const answer = await putRules(body, cookie);
    if (answer.status !== 200) throw new Error(`PUT /v1/role-mappings answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const mapping = (chatRoleId: string, bits: number) => ({ chatRoleId, permissions: String(bits) });
  const stored = (userId: string) => t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId });
  const chatMember = (userId: string) => t.dataSource.getRepository(ChatMemberEntity).findOneByOrFail({ userId });
  const me = (cookie: string) => t.http().get('/v1/users/@me').set('Cookie', cookie);
  const sync = (userId: string) => t.http().post(`/v1/users/${userId}/sync`).set('Cookie', staff.cookie);

  /** A member holding `roles` who signed in once (synced at that sign-in). */
  async function aMember(roles: string[], extra: Record<string, unknown> = {}) {
    const chatId = aChatId();
    chat.members.set(chatId, { roles });
    const signedIn = await chatSignIn(t, oauth, chatId, extra);
    expect(signedIn.location).toMatch(/^http:\/\/allowed\.example\//);
    return { chatId, userId: signedIn.userId!, cookie: signedIn.cookie };
  }

  describe('role mappings', () => {
    it('are replaced whole by an administrator and read back', async () => {
      const body = { mappings: [mapping(ROLES.staff, STAFF), mapping(ROLES.whitelisted, USER)], requireMembership: true, requiredRoleIds: [ROLES.whitelisted] };
      const put = await putRules(body);
      expect(put.status).toBe(200);
      expect(put.body).toEqual(body);
      expect((await t.http().get('/v1/role-mappings').set('Cookie', admin.cookie)).body).toEqual(body);
      expect(await storedRules(t)).toMatchObject({ mappings: [{ chatRoleId: ROLES.staff, permissions: STAFF }, { chatRoleId: ROLES.whitelisted, permissions: USER }], requireMembership: true });
    });

    it('refuse a mapping holding a bit the caller lacks, added, changed or removed: 403 and nothing changes', async () => {
      const developer = await aUser(t, { permissions: USER | STAFF | MODERATOR_CHIEF | ADMINISTRATOR | DEVELOPER });
      const developerCookie = await signIn(t, developer);
      await setRules({ mappings: [mapping(ROLES.admin, DEVELOPER)], requireMembership: false, requiredRoleIds: [] }, developerCookie);
      const before = await storedRules(t);
      for (const body of [
        { mappings: [], requireMembership: false, requiredRoleIds: [] },
        { mappings: [mapping(ROLES.admin, DEVELOPER | STAFF)], requireMembership: false, requiredRoleIds: [] },
        { mappings: [mapping(ROLES.admin, DEVELOPER), mapping(ROLES.staff, DEVELOPER)], requireMembership: false, requiredRoleIds: [] },
      ]) {
        const answer = await putRules(body);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: 'Forbidden' });
      }
      expect(await storedRules(t)).toEqual(before);
      // Only DEVELOPER maps DEVELOPER; and an administrator may still change what holds no bit they lack.
      expect((await putRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] }, developerCookie)).status).toBe(200);
      expect((await putRules({ mappings: [mapping(ROLES.staff, STAFF | MODERATOR_CHIEF)], requireMembership: true, requiredRoleIds: [] })).status).toBe(200);
    });

    it('answer 400 to malformed role ids, permissions or shapes, and change nothing', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] });
      const before = await storedRules(t);
      for (const body of [
        { mappings: [mapping('not-a-role', STAFF)], requireMembership: false, requiredRoleIds: [] },
        { mappings: [{ chatRoleId: ROLES.staff, permissions: '64' }], requireMembership: false, requiredRoleIds: [] },
        { mappings: [{ chatRoleId: ROLES.staff, permissions: 2 }], requireMembership: false, requiredRoleIds: [] },
        { mappings: [mapping(ROLES.staff, STAFF), mapping(ROLES.staff, USER)], requireMembership: false, requiredRoleIds: [] },
        { mappings: ['x'], requireMembership: false, requiredRoleIds: [] },
        { mappings: [], requireMembership: 'yes', requiredRoleIds: [] },
        { mappings: [], requireMembership: false, requiredRoleIds: ['1'.repeat(33)] },
        { mappings: [], requireMembership: false },
        { mappings: [], requireMembership: false, requiredRoleIds: [], extra: 1 },
      ]) {
        const answer = await putRules(body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: 'Invalid form of body', details: expect.any(Array) });
      }
      expect(await storedRules(t)).toEqual(before);
    });

    it('are for administrators only', async () => {
      expect((await t.http().get('/v1/role-mappings').set('Cookie', staff.cookie)).status).toBe(403);
      expect((await putRules({ mappings: [], requireMembership: false, requiredRoleIds: [] }, staff.cookie)).status).toBe(403);
      expect((await t.http().get('/v1/role-mappings')).status).toBe(401);
    });
  });

  describe('sync', () => {
    it('at sign-in turns mapped roles into synced bits: effective permissions in the user JSON, the parts in the dossier', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF), mapping(ROLES.whitelisted, USER)], requireMembership: false, requiredRoleIds: [] });
      const member = await aMember([ROLES.staff, '1999999999999999999'], { mfa_enabled: true });
      expect(chat.requests.at(-1)).toMatchObject({ guildId: FAKE_BOT.guildId, userId: member.chatId, authorization: `Bot ${FAKE_BOT.token}` });
      expect((await me(member.cookie)).body.permissions).toBe(String(USER | STAFF));
      const dossier = await t.http().get(`/v1/staff/users/${member.userId}`).set('Cookie', admin.cookie);
      expect(dossier.body.user).toMatchObject({
        permissions: String(USER | STAFF),
        manualPermissions: String(USER),
        syncedPermissions: String(STAFF),
        syncedAt: expect.any(String),
        chatMfa: true,
      });
      expect(await stored(member.userId)).toMatchObject({ permissions: USER, syncedPermissions: STAFF, chatMfa: true });
      // The sign-in that created the user records nothing (decisions §12).
      expect((await eventsAbout(t, admin.cookie, member.userId)).map((event) => event.action)).toEqual([]);
    });

    it('follows roles changed between calls: sessions renew and user.permissions_synced records the effective change; no change records nothing', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF), mapping(ROLES.admin, ADMINISTRATOR)], requireMembership: false, requiredRoleIds: [] });
      const member = await aMember([ROLES.staff]);
      chat.members.set(member.chatId, { roles: [ROLES.admin] });
      const answer = await sync(member.userId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        userId: member.userId,
        outcome: 'member',
        permissions: String(USER | ADMINISTRATOR),
        manualPermissions: String(USER),
        syncedPermissions: String(ADMINISTRATOR),
        syncedAt: expect.any(String),
      });
      expect(await sessionStates(t, member.userId)).toEqual([{ active: false, revoked: false }]);
      const events = await eventsAbout(t, admin.cookie, member.userId);
      expect(events).toEqual([
        expect.objectContaining({ action: 'user.permissions_synced', actor: { type: 'user', id: expect.any(String) }, data: { before: String(USER | STAFF), after: String(USER | ADMINISTRATOR) } }),
      ]);
      expect((await sync(member.userId)).status).toBe(200);
      expect(await eventsAbout(t, admin.cookie, member.userId)).toHaveLength(1);
    });

    it.each(['error-500', 'hang', 'rate-limited', 'not-json'] as const)('never demotes on a failure (%s): synced bits and syncedAt stay', async (behaviour) => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] });
      const member = await aMember([ROLES.staff]);
      const before = await stored(member.userId);
      const memberBefore = await chatMember(member.userId);
      expect(memberBefore.syncedAt).toBeInstanceOf(Date);
      chat.behaviour = behaviour;
      chat.retryAfter = 0.2;
      const started = Date.now();
      const answer = await sync(member.userId);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ outcome: 'unavailable', permissions: String(USER | STAFF), syncedPermissions: String(STAFF) });
      expect(await stored(member.userId)).toEqual(before);
      expect(await chatMember(member.userId)).toEqual(memberBefore);
      expect(answer.body.syncedAt).toBe(memberBefore.syncedAt!.toISOString());
      expect(await sessionStates(t, member.userId)).toEqual([{ active: true, revoked: false }]);
      chat.behaviour = 'ok';
      await new Promise((resolve) => setTimeout(resolve, 250));
    });

    it('removes synced bits when the member left (404); with requireMembership their sessions end', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] });
      const kept = await aMember([ROLES.staff]);
      const revoked = await aMember([ROLES.staff]);
      chat.members.delete(kept.chatId);
      chat.members.delete(revoked.chatId);
      expect((await sync(kept.userId)).body).toMatchObject({ outcome: 'not_member', permissions: String(USER), syncedPermissions: '0' });
      expect((await me(kept.cookie)).status).toBe(200);
      expect((await eventsAbout(t, admin.cookie, kept.userId)).map((event) => [event.action, event.data])).toEqual([
        ['user.permissions_synced', { before: String(USER | STAFF), after: String(USER) }],
        ['user.membership_lost', { chatUserId: kept.chatId, sessionsRevoked: false }],
      ]);

      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: true, requiredRoleIds: [] });
      expect((await sync(revoked.userId)).body).toMatchObject({ outcome: 'not_member', syncedPermissions: '0' });
      expect(await sessionStates(t, revoked.userId)).toEqual([{ active: false, revoked: true }]);
      expect((await me(revoked.cookie)).status).toBe(401);
    });

    it('keeps both a sync and a manual PATCH made at the same moment', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] });
      for (let round = 0; round < 5; round++) {
        const member = await aMember([]);
        chat.members.set(member.chatId, { roles: [ROLES.staff] });
        const [synced, patched] = await Promise.all([
          sync(member.userId),
          t.http().patch(`/v1/users/${member.userId}`).set('Cookie', admin.cookie).send({ permissions: String(USER | ADMINISTRATOR) }),
        ]);
        expect([synced.status, patched.status]).toEqual([200, 200]);
        expect(await stored(member.userId)).toMatchObject({ permissions: USER | ADMINISTRATOR, syncedPermissions: STAFF });
        expect((await me(member.cookie)).body.permissions).toBe(String(USER | STAFF | ADMINISTRATOR));
      }
    });

    it('counts a maker’s synced bits for their service keys, and stops when the maker left', async () => {
      await setRules({ mappings: [mapping(ROLES.admin, STAFF | ADMINISTRATOR)], requireMembership: false, requiredRoleIds: [] });
      const maker = await aMember([ROLES.admin]);
      const made = await t.http().post('/v1/service-keys').set('Cookie', maker.cookie).send({ name: 'synced-maker', permissions: String(ADMINISTRATOR) });
      expect(made.status).toBe(201);
      const asKey = () => t.http().get('/v1/role-mappings').set('Authorization', `Bearer ${made.body.key}`);
      expect((await asKey()).status).toBe(200);
      chat.members.delete(maker.chatId);
      expect((await sync(maker.userId)).body.outcome).toBe('not_member');
      expect((await asKey()).status).toBe(403);
    });

    it('answers 404 for an unknown user and 400-free for a malformed id', async () => {
      expect((await sync('123')).status).toBe(404);
      expect((await sync('abc')).body).toEqual({ error: 'Unknown User' });
      expect((await t.http().post(`/v1/users/${admin.id}/sync`).set('Cookie', (await aStaffMember(t)).cookie)).status).toBe(403);
    });
  });

  describe('membership gating at sign-in', () => {
    it('refuses a non-member and a pending member (not_a_member), and one without a required role (missing_role)', async () => {
      await setRules({ mappings: [], requireMembership: true, requiredRoleIds: [ROLES.whitelisted] });
      const stranger = await chatSignIn(t, oauth, aChatId());
      expect(stranger.location).toBe('/?error=not_a_member');
      const pendingId = aChatId();
      chat.members.set(pendingId, { roles: [ROLES.whitelisted], pending: true });
      expect((await chatSignIn(t, oauth, pendingId)).location).toBe('/?error=not_a_member');
      const unlisted = aChatId();
      chat.members.set(unlisted, { roles: [ROLES.staff] });
      const refused = await chatSignIn(t, oauth, unlisted);
      expect(refused.location).toBe('/?error=missing_role');
      expect(await sessionStates(t, refused.userId!)).toEqual([]);
      const listed = aChatId();
      chat.members.set(listed, { roles: [ROLES.whitelisted] });
      expect((await chatSignIn(t, oauth, listed)).location).toMatch(/^http:\/\/allowed\.example\//);
    });

    it('while the provider hangs: a synced user signs in on their last-known state, a never-synced one is refused (gating on) or signs in on manual bits (gating off), within the timeout plus a second', async () => {
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: true, requiredRoleIds: [] });
      const member = await aMember([ROLES.staff]);
      chat.behaviour = 'hang';
      const again = await chatSignIn(t, oauth, member.chatId);
      expect(again.location).toMatch(/^http:\/\/allowed\.example\//);
      expect(again.ms).toBeLessThan(TIMEOUT_MS + 1000);
      expect((await me(again.cookie)).body.permissions).toBe(String(USER | STAFF));

      const newcomer = await chatSignIn(t, oauth, aChatId());
      expect(newcomer.location).toBe('/?error=unavailable');
      expect(newcomer.ms).toBeLessThan(TIMEOUT_MS + 1000);
      await setRules({ mappings: [mapping(ROLES.staff, STAFF)], requireMembership: false, requiredRoleIds: [] });
      const ungated = await chatSignIn(t, oauth, aChatId());
      expect(ungated.location).toMatch(/^http:\/\/allowed\.example\//);
      expect((await me(ungated.cookie)).body.permissions).toBe(String(USER));
      expect(await stored(ungated.userId!)).toMatchObject({ syncedPermissions: 0 });
      expect(await chatMember(ungated.userId!)).toMatchObject({ syncedAt: null, roleIds: null });
    });
  });

  describe('admission', () => {
    async function admissionOf(chatId: string, roles: string[] | null) {
      const gameId = String(50000000 + Number(chatId.slice(-6)));
      if (roles) chat.members.set(chatId, { roles });
      const signedIn = await chatSignIn(t, oauth, chatId);
      await t.dataSource.query(`INSERT INTO "provider_links" ("id", "userId", "providerName", "externalId", "externalMetadata") VALUES ($1, $2, 'gameplatform', $3, '{}')`.replace(/\$(\d)/g, backend.postgresUrl ? '$$$1' : '?'), [gameId, signedIn.userId, gameId]);
      return { gameId, userId: signedIn.userId! };
    }
    const admission = (gameId: string) => t.http().get(`/v1/gameplatform/admission/${gameId}`).set('Cookie', staff.cookie);

    it('answers not_a_member and missing_role after banned and before suspended', async () => {
      await setRules({ mappings: [], requireMembership: false, requiredRoleIds: [] });
      const leaver = await admissionOf(aChatId(), []);
      const roleless = await admissionOf(aChatId(), [ROLES.staff]);
      await setRules({ mappings: [], requireMembership: true, requiredRoleIds: [ROLES.whitelisted] });
      chat.members.delete(await chatOf(leaver.userId));
      expect((await sync(leaver.userId)).body.outcome).toBe('not_member');
      expect((await admission(leaver.gameId)).body).toMatchObject({ allowed: false, reason: 'not_a_member' });
      expect((await admission(roleless.gameId)).body).toMatchObject({ allowed: false, reason: 'missing_role' });

      const chief = await aStaffMember(t, MODERATOR_CHIEF);
      await t.http().post(`/v1/users/${roleless.userId}/sanctions`).set('Cookie', chief.cookie).send({ type: 'suspension', reason: 'x', expiresAt: null });
      expect((await admission(roleless.gameId)).body.reason).toBe('missing_role');
      await t.http().post(`/v1/users/${leaver.userId}/sanctions`).set('Cookie', chief.cookie).send({ type: 'ban', reason: 'x', expiresAt: null });
      expect((await admission(leaver.gameId)).body.reason).toBe('banned');
    });

    const chatOf = async (userId: string) => (await t.dataSource.getRepository(ChatMemberEntity).findOneByOrFail({ userId })).chatUserId;
  });
});
