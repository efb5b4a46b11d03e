import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { Permission } from '../../src/common/permissions/permission';
import { CharacterEntity } from '../../src/characters/character.entity';
import { SanctionEntity } from '../../src/moderation/sanction.entity';
import { StaffNoteEntity } from '../../src/moderation/staff-note.entity';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacterInput, aSignedInUser } from '../support/character-fixtures';
import { aGamePlatformLink, aPlayer, nextId } from '../support/factories';
import { anApprovedPlayer } from '../support/money';
import { setCookies, signInThroughDevProvider } from '../support/sign-in';
import { aChatPlayer, aStaffMember, inMs } from '../support/staff';
import { sleep } from '../support/wait';

const SANCTION_SHAPE = {
  sanctionId: expect.stringMatching(/^\d+$/),
  createdAt: expect.any(String),
  revokedAt: null,
  revokedBy: null,
  revokeReason: null,
};

describeEachBackend('sanctions', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off', FAILURE_REDIRECT_URL: 'http://site.example/oops' } });
  });
  afterAll(() => t.close());

  const ban = (cookie: string, userId: string, body: Record<string, unknown>) =>
    t.http().post(`/v1/users/${userId}/sanctions`).set('Cookie', cookie).send(body);
  const sessionsAlive = (userId: string) =>
    t.dataSource.getRepository(SessionEntity).createQueryBuilder('s').where('s.userId = :userId AND s.revokedAt IS NULL', { userId }).getCount();

  it('a ban by a MODERATOR_CHIEF signs the user out everywhere, refuses sign-in and game-account evasion; expiry ends it', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const villain = await aChatPlayer(t, { username: 'villain', id: '910000000000000001' }, '91000001');
    const secondBrowser = await signInThroughDevProvider(t, { username: 'villain', id: '910000000000000001' });
    const expiresAt = inMs(4000);

    const issued = await ban(chief.cookie, villain.userId, { type: 'ban', reason: 'griefing', expiresAt });
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({ ...SANCTION_SHAPE, userId: villain.userId, type: 'ban', reason: 'griefing', issuedBy: chief.user.id, expiresAt });
    expect(await sessionsAlive(villain.userId)).toBe(0);

    for (const cookie of [villain.cookie, secondBrowser.cookie]) {
      const me = await t.http().get('/v1/users/@me').set('Cookie', cookie);
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
    }
    const again = await signInThroughDevProvider(t, { username: 'villain', id: '910000000000000001' });
    expect(again.callback.status).toBe(302);
    expect(again.callback.headers.location).toBe('http://site.example/oops?error=banned');
    expect(setCookies(again.callback).access_token).toBeUndefined();
    expect(setCookies(again.callback).refresh_token).toBeUndefined();
    expect(await sessionsAlive(villain.userId)).toBe(0);

    const admission = await t.http().get('/v1/gameplatform/admission/91000001').set('Cookie', chief.cookie);
    expect(admission.status).toBe(200);
    expect(admission.headers['cache-control']).toBe('private, max-age=30');
    expect(admission.body).toEqual({ allowed: false, reason: 'banned', userId: villain.userId, activeCharacter: null, ban: { expiresAt }, memberships: [] });

    // The villain's game account, unlinked, still cannot move to another user while the ban lasts.
    await t.dataSource.getRepository(ProviderLinkEntity).update({ userId: villain.userId, providerName: 'gameplatform' }, { unlinkedAt: new Date() });
    const accomplice = await aChatPlayer(t, { username: 'accomplice', id: '910000000000000002' });
    const evasion = await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'x', id: '91000001', cookie: accomplice.cookie });
    expect(evasion.callback.headers.location).toBe('http://site.example/oops');
    expect(await t.dataSource.getRepository(ProviderLinkEntity).countBy({ userId: accomplice.userId, providerName: 'gameplatform' })).toBe(0);
    const stillBanned = await t.http().get('/v1/gameplatform/admission/91000001').set('Cookie', chief.cookie);
    expect(stillBanned.body).toMatchObject({ allowed: false, reason: 'banned', userId: villain.userId, ban: { expiresAt } });

    await sleep(Date.parse(expiresAt) - Date.now() + 100);
    const back = await signInThroughDevProvider(t, { username: 'villain', id: '910000000000000001' });
    expect(back.callback.headers.location).not.toContain('error=banned');
    expect((await t.http().get('/v1/users/@me').set('Cookie', back.cookie)).status).toBe(200);
    const relinked = await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'x', id: '91000001', cookie: accomplice.cookie });
    expect(relinked.callback.headers.location).not.toBe('http://site.example/oops');
    const admitted = await t.http().get('/v1/gameplatform/admission/91000001').set('Cookie', chief.cookie);
    expect(admitted.body).toEqual({ allowed: false, reason: 'no_approved_character', userId: accomplice.userId, activeCharacter: null, ban: null, memberships: [] });
  });

  it('revoking a permanent ban lets the user in again; revoking twice is 409', async () => {
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR);
    const player = await aChatPlayer(t, { username: 'forgiven', id: '910000000000000003' });
    const issued = await ban(admin.cookie, player.userId, { type: 'ban', reason: 'spam', expiresAt: null });
    expect(issued.body.expiresAt).toBeNull();
    expect((await signInThroughDevProvider(t, { username: 'forgiven', id: '910000000000000003' })).callback.headers.location).toContain('error=banned');

    const revoke = () => t.http().post(`/v1/sanctions/${issued.body.sanctionId}/revoke`).set('Cookie', admin.cookie).send({ reason: 'appeal accepted' });
    const revoked = await revoke();
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ sanctionId: issued.body.sanctionId, revokedBy: admin.user.id, revokeReason: 'appeal accepted', revokedAt: expect.any(String) });
    expect(await revoke()).toMatchObject({ status: 409, body: { error: 'Sanction Already Revoked' } });
    const audit = await t.http().get(`/v1/audit?subjectId=${issued.body.sanctionId}`).set('Cookie', admin.cookie);
    expect(audit.body.events.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id])).toEqual([
      ['sanction.revoked', admin.user.id],
      ['sanction.issued', admin.user.id],
    ]);
    expect(audit.body.events.map((e: { subject: unknown }) => e.subject)).toEqual(Array(2).fill({ type: 'sanction', id: issued.body.sanctionId }));
    expect(audit.body.events.map((e: { data: unknown }) => e.data)).toEqual([
      { userId: player.userId, type: 'ban', reason: 'appeal accepted' },
      { userId: player.userId, type: 'ban', reason: 'spam', expiresAt: null },
    ]);
    const back = await signInThroughDevProvider(t, { username: 'forgiven', id: '910000000000000003' });
    expect((await t.http().get('/v1/users/@me').set('Cookie', back.cookie)).status).toBe(200);

    const listed = await t.http().get('/v1/users/@me/sanctions').set('Cookie', back.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.sanctions).toHaveLength(1);
    expect(listed.body.sanctions[0]).toMatchObject({ type: 'ban', revokeReason: 'appeal accepted' });
    expect((await t.http().post('/v1/sanctions/123/revoke').set('Cookie', admin.cookie).send({ reason: 'x' })).body).toEqual({ error: 'Unknown Sanction' });
  });

  it('follows the issuer rule: no bits the issuer lacks, never oneself, only MODERATOR_CHIEF or ADMINISTRATOR', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR, Permission.MODERATOR_CHIEF);
    const staff = await aStaffMember(t, Permission.STAFF);
    expect(await ban(chief.cookie, (await aStaffMember(t, Permission.ADMINISTRATOR)).user.id, { type: 'ban', reason: 'x', expiresAt: null })).toMatchObject({ status: 403 });
    const player = await aSignedInUser(t);
    const body = { type: 'warning', reason: 'rude', expiresAt: null };
    expect(await ban(chief.cookie, admin.user.id, { ...body, type: 'ban' })).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(await ban(chief.cookie, chief.user.id, body)).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(await ban(staff.cookie, player.user.id, body)).toMatchObject({ status: 403, body: { code: 'MISSING_FULL_PERMISSIONS' } });
    expect(await ban(player.cookie, staff.user.id, body)).toMatchObject({ status: 403 });
    expect((await ban(chief.cookie, '999999999999', body)).body).toEqual({ error: 'Unknown User' });
    const issued = await ban(admin.cookie, chief.user.id, body);
    expect(issued.status).toBe(201);
    // A warning is a record: the chief keeps working.
    expect((await ban(chief.cookie, player.user.id, body)).status).toBe(201);
    const revokedByChief = await t.http().post(`/v1/sanctions/${issued.body.sanctionId}/revoke`).set('Cookie', chief.cookie).send({ reason: 'mine' });
    expect(revokedByChief.status).toBe(403);
    expect((await t.http().get(`/v1/users/${chief.user.id}/sanctions`).set('Cookie', player.cookie)).status).toBe(403);
    expect((await t.http().get(`/v1/users/${chief.user.id}/sanctions`).set('Cookie', staff.cookie)).body.sanctions).toHaveLength(1);
  });

  it.each([
    ['no expiresAt', { type: 'ban', reason: 'x' }, 'expiresAt'],
    ['a past expiresAt', { type: 'ban', reason: 'x', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ['a malformed expiresAt', { type: 'ban', reason: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
    ['an empty reason', { type: 'ban', reason: '', expiresAt: null }, 'reason'],
    ['a 501-character reason', { type: 'ban', reason: 'x'.repeat(501), expiresAt: null }, 'reason'],
    ['an unknown type', { type: 'exile', reason: 'x', expiresAt: null }, 'type'],
    ['an unknown field', { type: 'ban', reason: 'x', expiresAt: null, silent: true }, 'silent'],
  ])('refuses %s with 400 and stores nothing', async (_, body, field) => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const player = await aSignedInUser(t);
    const response = await ban(chief.cookie, player.user.id, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
    expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await t.dataSource.getRepository(SanctionEntity).countBy({ userId: player.user.id })).toBe(0);
  });

  it('names an expiresAt not in the future, the present instant included, and a week date JavaScript cannot read, in its message', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const player = await aSignedInUser(t);
    const refusal = (message: string) => ({ status: 400, body: { details: [{ field: 'expiresAt', message }] } });
    const issue = (expiresAt: string) => ban(chief.cookie, player.user.id, { type: 'suspension', reason: 'x', expiresAt });
    expect(await issue('2001-01-01T00:00:00Z')).toMatchObject(refusal('expiresAt must be in the future'));
    expect(await issue('2030-W01-1')).toMatchObject(refusal('expiresAt must be an ISO 8601 instant'));
    // The clock stands still, so the present instant can be sent exactly.
    const present = new Date(Date.now() + 1000);
    const clock = jest.spyOn(Date, 'now').mockReturnValue(present.getTime());
    try {
      expect(await issue(present.toISOString())).toMatchObject(refusal('expiresAt must be in the future'));
      expect(await t.dataSource.getRepository(SanctionEntity).countBy({ userId: player.user.id })).toBe(0);
      expect((await issue(new Date(present.getTime() + 1).toISOString())).status).toBe(201);
    } finally {
      clock.mockRestore();
    }
  });

  it('a suspended user reads but every state change is 403 USER_SUSPENDED; logout still works', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const player = await aSignedInUser(t);
    const expiresAt = inMs(60_000);
    expect((await ban(chief.cookie, player.user.id, { type: 'suspension', reason: 'cool down', expiresAt })).status).toBe(201);

    expect((await t.http().get('/v1/users/@me').set('Cookie', player.cookie)).status).toBe(200);
    expect((await t.http().head('/v1/users/@me').set('Cookie', player.cookie)).status).toBe(200);
    expect((await t.http().get('/v1/users/@me/sanctions').set('Cookie', player.cookie)).status).toBe(200);
    const refused = { status: 403, body: { error: 'Suspended', code: 'USER_SUSPENDED', details: { expiresAt } } };
    expect(await t.http().post('/v1/users/@me/characters').set('Cookie', player.cookie).send(aCharacterInput())).toMatchObject(refused);
    expect(await t.http().put('/v1/users/@me/active-character').set('Cookie', player.cookie).send({ characterId: '1' })).toMatchObject(refused);
    expect(await t.http().post('/v1/oauth/gameplatform').set('Cookie', player.cookie).send({ redirectUrl: t.config.redirectAllowlist[0] })).toMatchObject(refused);
    expect((await t.http().post('/v1/oauth/logout').set('Cookie', player.cookie)).status).toBe(204);

    // A suspension, unlike a ban, never stops a sign-in.
    const cooling = await aChatPlayer(t, { username: 'cooling', id: '910000000000000009' });
    expect((await ban(chief.cookie, cooling.userId, { type: 'suspension', reason: 'cool down', expiresAt })).status).toBe(201);
    const again = await signInThroughDevProvider(t, { username: 'cooling', id: '910000000000000009' });
    expect(again.callback.headers.location).not.toContain('error=');
    expect((await t.http().get('/v1/users/@me').set('Cookie', again.cookie)).status).toBe(200);
  });

  it('refuses a suspended user\'s PATCH and DELETE routes too, changing nothing', async () => {
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR, Permission.STAFF);
    const player = await aPlayer(t);
    const link = await aGamePlatformLink(t, player.user);
    const staff = await aStaffMember(t, Permission.STAFF);
    const note = await t.http().post(`/v1/users/${player.user.id}/notes`).set('Cookie', staff.cookie).send({ body: 'kept' }).expect(201);
    const expiresAt = inMs(60_000);
    for (const user of [player.user.id, staff.user.id]) {
      expect((await ban(admin.cookie, user, { type: 'suspension', reason: 'cool down', expiresAt })).status).toBe(201);
    }

    const refused = { status: 403, body: { error: 'Suspended', code: 'USER_SUSPENDED', details: { expiresAt } } };
    const edit = t.http().patch(`/v1/users/@me/characters/${player.character.id}`).set('Cookie', player.cookie).send({ age: 44 });
    expect(await edit).toMatchObject(refused);
    expect(await t.http().delete('/v1/users/@me/providers/gameplatform').set('Cookie', player.cookie)).toMatchObject(refused);
    const notePath = `/v1/notes/${note.body.noteId}`;
    expect(await t.http().patch(notePath).set('Cookie', staff.cookie).send({ body: 'changed' })).toMatchObject(refused);
    expect(await t.http().delete(notePath).set('Cookie', staff.cookie)).toMatchObject(refused);

    expect(await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: player.character.id })).toEqual(player.character);
    expect(await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ id: link.id })).toEqual(link);
    expect(await t.dataSource.getRepository(StaffNoteEntity).findOneByOrFail({ id: note.body.noteId })).toMatchObject({ body: 'kept' });
  });

  it('names one active sanction everywhere: a ban before any suspension, then the longest lasting; never a warning, an expired or a revoked one', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF, Permission.STAFF);
    const player = await aPlayer(t);
    await t.dataSource.getRepository(CharacterEntity).update({ id: player.character.id }, { idStatus: 'approved' });
    const link = await aGamePlatformLink(t, player.user);
    const stored = async (type: SanctionEntity['type'], expiresAt: Date | null, revokedAt: Date | null = null) => {
      const id = nextId(t);
      await t.dataSource.getRepository(SanctionEntity).insert({ id, userId: player.user.id, type, reason: type, issuedBy: chief.user.id, expiresAt, revokedAt, revokedBy: revokedAt && chief.user.id });
      return id;
    };
    const hours = (n: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + n * 3_600_000);
    const read = async () => {
      const [dossier, search] = await Promise.all(
        [`/v1/staff/users/${player.user.id}`, `/v1/staff/users?q=${player.user.id}`].map((path) => t.http().get(path).set('Cookie', chief.cookie)),
      );
      return [dossier.body.activeSanction, search.body.users[0].activeSanction];
    };
    await stored('warning', null);
    await stored('ban', hours(-1));
    await stored('ban', null, hours(-1));
    await stored('suspension', hours(-2));
    expect(await read()).toEqual([null, null]);
    await stored('suspension', hours(1));
    // At its expiry instant a sanction has ended.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(hours(1).getTime());
    try {
      expect((await read())[0]).toBeNull();
    } finally {
      clock.mockRestore();
    }
    const longer = await stored('suspension', hours(2));

    const everywhere = async () => {
      const [dossier, search, admission] = await Promise.all(
        [`/v1/staff/users/${player.user.id}`, `/v1/staff/users?q=${player.user.id}`, `/v1/gameplatform/admission/${link.externalId}`].map((path) =>
          t.http().get(path).set('Cookie', chief.cookie),
        ),
      );
      const change = await t.http().put('/v1/users/@me/active-character').set('Cookie', player.cookie).send({ characterId: player.character.id });
      return { dossier: dossier.body.activeSanction, search: search.body.users[0].activeSanction, admission: admission.body, change };
    };
    const suspension = { sanctionId: longer, type: 'suspension', expiresAt: hours(2).toISOString() };
    let seen = await everywhere();
    expect([seen.dossier, seen.search]).toEqual([suspension, suspension]);
    expect(seen.admission).toMatchObject({ allowed: false, reason: 'suspended', ban: null });
    expect(seen.change).toMatchObject({ status: 403, body: { code: 'USER_SUSPENDED', details: { expiresAt: suspension.expiresAt } } });

    const permanent = { sanctionId: await stored('suspension', null), type: 'suspension', expiresAt: null };
    seen = await everywhere();
    expect([seen.dossier, seen.search]).toEqual([permanent, permanent]);
    expect(seen.change).toMatchObject({ status: 403, body: { code: 'USER_SUSPENDED', details: { expiresAt: null } } });

    const ban = { sanctionId: await stored('ban', hours(3)), type: 'ban', expiresAt: hours(3).toISOString() };
    // A later, shorter ban: the newest is not the one that counts.
    await stored('ban', hours(1));
    seen = await everywhere();
    expect([seen.dossier, seen.search]).toEqual([ban, ban]);
    expect(seen.admission).toMatchObject({ allowed: false, reason: 'banned', ban: { expiresAt: ban.expiresAt } });
    // A session that outlived its ban (a sign-in racing it) is refused like a revoked one.
    expect(seen.change).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
    expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: player.user.id })).activeCharacterId).toBeNull();
    // The game account, unlinked, still answers with the longest ban of the user it belonged to.
    await t.dataSource.getRepository(ProviderLinkEntity).update({ id: link.id }, { unlinkedAt: new Date() });
    const unlinked = await t.http().get(`/v1/gameplatform/admission/${link.externalId}`).set('Cookie', chief.cookie);
    expect(unlinked.body).toEqual({ allowed: false, reason: 'banned', userId: player.user.id, activeCharacter: null, ban: { expiresAt: ban.expiresAt }, memberships: [] });
  });

  describe('admission', () => {
    const admission = (externalId: string, cookie: string) => t.http().get(`/v1/gameplatform/admission/${externalId}`).set('Cookie', cookie);

    it('answers suspended for a suspended player, even one with an approved active character, and banned above it', async () => {
      const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
      const player = await anApprovedPlayer(t);
      const link = await aGamePlatformLink(t, player.user);
      expect((await admission(link.externalId, chief.cookie)).body).toMatchObject({ allowed: true, reason: null });
      const withoutCharacter = await aPlayer(t);
      const otherLink = await aGamePlatformLink(t, withoutCharacter.user);
      const expiresAt = inMs(60_000);
      for (const user of [player.user.id, withoutCharacter.user.id]) {
        expect((await ban(chief.cookie, user, { type: 'suspension', reason: 'cool down', expiresAt })).status).toBe(201);
      }

      const suspended = await admission(link.externalId, chief.cookie);
      expect(suspended.status).toBe(200);
      expect(suspended.body).toEqual({
        allowed: false,
        reason: 'suspended',
        userId: player.user.id,
        activeCharacter: expect.objectContaining({ characterId: player.character.id, idStatus: 'approved' }),
        ban: null,
        memberships: [],
      });
      expect((await admission(otherLink.externalId, chief.cookie)).body).toEqual({
        allowed: false,
        reason: 'suspended',
        userId: withoutCharacter.user.id,
        activeCharacter: null,
        ban: null,
        memberships: [],
      });
      expect((await ban(chief.cookie, player.user.id, { type: 'ban', reason: 'worse', expiresAt: null })).status).toBe(201);
      expect((await admission(link.externalId, chief.cookie)).body).toMatchObject({ allowed: false, reason: 'banned', ban: { expiresAt: null } });
    });

    it('answers no_approved_character when the active character is not approved (any more)', async () => {
      const staff = await aStaffMember(t, Permission.STAFF);
      const player = await aPlayer(t);
      await t.dataSource.getRepository(UserEntity).update({ id: player.user.id }, { activeCharacterId: player.character.id });
      await t.rowsChanged(player.user.id);
      const link = await aGamePlatformLink(t, player.user);
      expect((await admission(link.externalId, staff.cookie)).body).toEqual({
        allowed: false,
        reason: 'no_approved_character',
        userId: player.user.id,
        activeCharacter: null,
        ban: null,
        memberships: [],
      });
    });

    it('answers not_linked for an account nobody holds, or one its unbanned user unlinked', async () => {
      const staff = await aStaffMember(t, Permission.STAFF);
      const notLinked = { allowed: false, reason: 'not_linked', userId: null, activeCharacter: null, ban: null, memberships: [] };
      const unknown = await admission('424242424242', staff.cookie);
      expect(unknown.status).toBe(200);
      expect(unknown.headers['cache-control']).toBe('private, max-age=30');
      expect(unknown.body).toEqual(notLinked);

      const player = await anApprovedPlayer(t);
      const link = await aGamePlatformLink(t, player.user);
      await t.dataSource.getRepository(ProviderLinkEntity).update({ id: link.id }, { unlinkedAt: new Date() });
      expect((await admission(link.externalId, staff.cookie)).body).toEqual(notLinked);
    });
  });
});
