import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aSignedInUser } from '../support/character-fixtures';
import { aCharacter, aUser } from '../support/factories';
import { aChatPlayer, aStaffMember } from '../support/staff';

describeEachBackend('staff search', (backend) => {
  let t: TestApp;
  let staff: { cookie: string };
  let marta: { userId: string };
  let mario: { userId: string };
  let other: { userId: string };

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    staff = await aStaffMember(t, Permission.STAFF);
    marta = await aChatPlayer(t, { username: 'marta_rp', id: '920000000000000001', displayName: 'Márta Núñez' }, '92000001');
    mario = await aChatPlayer(t, { username: 'mario99', id: '920000000000000002', displayName: 'Super' });
    other = await aChatPlayer(t, { username: 'zed', id: '920000000000000003', displayName: 'Marina' });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http().get(path).set('Cookie', staff.cookie);
  const ids = (body: { users: { userId: string }[] }) => body.users.map((user) => user.userId);

  it('finds a user by chat username prefix, display name prefix (accents and case ignored), chat id, game id and user id', async () => {
    const byPrefix = await get('/v1/staff/users?q=MAR');
    expect(byPrefix.status).toBe(200);
    // Ordered by the matching name: "marina" (display), "mario99", "marta_rp" (username before "marta nunez").
    expect(ids(byPrefix.body)).toEqual([other.userId, mario.userId, marta.userId]);
    expect(byPrefix.body.nextCursor).toBeNull();
    expect(byPrefix.body.users[2]).toEqual({
      userId: marta.userId,
      chatapp: { externalId: '920000000000000001', username: 'marta_rp' },
      gameplatform: { externalId: '92000001', username: 'marta_rp-game' },
      permissions: '1',
      characterCount: 0,
      activeSanction: null,
      tags: [],
    });
    expect(ids((await get('/v1/staff/users?q=nun')).body)).toEqual([]);
    expect(ids((await get(`/v1/staff/users?q=${encodeURIComponent('Márta N')}`)).body)).toEqual([marta.userId]);
    expect(ids((await get('/v1/staff/users?q=920000000000000002')).body)).toEqual([mario.userId]);
    expect(ids((await get('/v1/staff/users?q=92000001')).body)).toEqual([marta.userId]);
    expect(ids((await get(`/v1/staff/users?q=${other.userId}`)).body)).toEqual([other.userId]);
    // Ids match exactly, never by prefix.
    expect(ids((await get('/v1/staff/users?q=9200000')).body)).toEqual([]);
  });

  it('pages with a cursor, filters by tag, and refuses unknown tags, limits and cursors', async () => {
    const first = await get('/v1/staff/users?q=mar&limit=2');
    expect(ids(first.body)).toEqual([other.userId, mario.userId]);
    const second = await get(`/v1/staff/users?q=mar&limit=2&cursor=${first.body.nextCursor}`);
    expect(ids(second.body)).toEqual([marta.userId]);
    expect(second.body.nextCursor).toBeNull();

    expect((await t.http().put(`/v1/users/${marta.userId}/tags`).set('Cookie', staff.cookie).send({ tags: ['Watchlist', 'vip', 'watchlist'] })).body).toEqual({
      tags: ['vip', 'watchlist'],
    });
    expect(ids((await get('/v1/staff/users?q=mar&tag=watchlist')).body)).toEqual([marta.userId]);
    expect(ids((await get('/v1/staff/users?tag=vip')).body)).toEqual([marta.userId]);
    expect((await get('/v1/staff/users?q=mar')).body.users[2].tags).toEqual(['vip', 'watchlist']);

    for (const query of ['tag=banana', 'limit=0', 'limit=101', 'limit=x', 'cursor=nonsense']) {
      const response = await get(`/v1/staff/users?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    }
    expect((await t.http().put(`/v1/users/${marta.userId}/tags`).set('Cookie', staff.cookie).send({ tags: ['banned-forever'] })).status).toBe(400);
  });

  it('lists every user without q, by id, page after page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/v1/staff/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      seen.push(...ids(response.body));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining([marta.userId, mario.userId, other.userId]));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('finds a character by an accented name typed without accents, any word, with status and owner filters', async () => {
    const owner = await aUser(t);
    const josefa = await aCharacter(t, owner, { firstNames: 'María José', lastNames: 'Pérez Ñúñez', idStatus: 'approved' });
    const draft = await aCharacter(t, owner, { firstNames: 'Josué', lastNames: 'Marín', idStatus: 'draft' });
    await aCharacter(t, await aUser(t), { firstNames: 'Pedro', lastNames: 'Gómez' });
    const found = (query: string) => get(`/v1/staff/characters?${query}`).then((r) => r.body.characters.map((c: { characterId: string }) => c.characterId));

    expect(await found('q=jose')).toEqual([josefa.id]);
    expect(await found('q=JOS')).toEqual([josefa.id, draft.id]);
    expect(await found('q=NUNEZ')).toEqual([josefa.id]);
    expect(await found('q=mar')).toEqual([josefa.id, draft.id]);
    expect(await found('q=mar&status=draft')).toEqual([draft.id]);
    expect(await found('q=mar&status=approved,retired')).toEqual([josefa.id]);
    expect(await found(`userId=${owner.id}`)).toEqual([josefa.id, draft.id].sort());
    const page = await get(`/v1/staff/characters?q=perez`);
    expect(page.body.characters[0]).toMatchObject({ characterId: josefa.id, firstNames: 'María José', owner: { userId: owner.id, username: null } });
    const first = await get('/v1/staff/characters?q=m&limit=1');
    expect(first.body.characters).toHaveLength(1);
    const second = await get(`/v1/staff/characters?q=m&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.characters[0].characterId).not.toBe(first.body.characters[0].characterId);
    for (const query of ['status=alive', 'status=', 'userId=abc', 'limit=500']) {
      expect((await get(`/v1/staff/characters?${query}`)).status).toBe(400);
    }
  });

  it('is for STAFF, MODERATOR_CHIEF or ADMINISTRATOR only, 10 calls a minute', async () => {
    const player = await aSignedInUser(t);
    expect(await t.http().get('/v1/staff/users').set('Cookie', player.cookie)).toMatchObject({ status: 403, body: { code: 'MISSING_FULL_PERMISSIONS' } });
    expect((await t.http().get('/v1/staff/users')).status).toBe(401);
    const limited = await createTestApp(backend);
    try {
      const chief = await aStaffMember(limited, Permission.MODERATOR_CHIEF);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await limited.http().get('/v1/staff/characters').set('Cookie', chief.cookie)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
