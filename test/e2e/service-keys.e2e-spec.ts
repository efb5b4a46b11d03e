import { hashToken } from '../../src/common/secrets';
import { Permission } from '../../src/common/permissions/permission';
import { ServiceKeyEntity } from '../../src/service-keys/service-key.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO, SNOWFLAKE } from '../support/banks';
import { aGamePlatformLink, aPlayer, type Player } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, transfer, wallet, walletBalance, withCaller } from '../support/money';

const ADMIN = Permission.USER | Permission.ADMINISTRATOR;

describeEachBackend('service keys', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMIT_SERVICE: '40' } });
    admin = await aPlayer(t, ADMIN | Permission.SERVICE_ADMINISTRATOR);
  });
  afterAll(() => t.close());

  const create = (as: Player, body: object) => t.http().post('/v1/service-keys').set('Cookie', as.cookie).send(body);
  const bearer = (key: string) => ({ key });

  it('makes a key shown once, stored only as its SHA-256, and lists it without the key', async () => {
    const response = await create(admin, { name: 'servidor-principal', permissions: '16' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      keyId: expect.stringMatching(SNOWFLAKE),
      name: 'servidor-principal',
      permissions: '16',
      createdBy: admin.user.id,
      createdAt: expect.stringMatching(ISO),
      lastUsedAt: null,
      key: expect.stringMatching(/^rpk_[A-Za-z0-9_-]{43}$/),
    });
    const stored = await t.dataSource.getRepository(ServiceKeyEntity).findOneByOrFail({ id: response.body.keyId });
    expect(stored.keyHash).toBe(hashToken(response.body.key));
    expect(JSON.stringify(stored)).not.toContain(response.body.key);

    const list = await t.http().get('/v1/service-keys').set('Cookie', admin.cookie);
    expect(list.status).toBe(200);
    const listed = list.body.serviceKeys.find((key: { keyId: string }) => key.keyId === response.body.keyId);
    const { key: _key, ...withoutKey } = response.body;
    expect(listed).toEqual(withoutKey);
  });

  it('refuses bits the maker lacks (403), bad bodies (400) and non-administrators (403)', async () => {
    const lesser = await aPlayer(t, ADMIN);
    expect(await create(lesser, { name: 'k', permissions: String(Permission.SERVICE_ADMINISTRATOR) })).toMatchObject({
      status: 403,
      body: { error: 'Forbidden' },
    });
    for (const body of [{ name: 'k' }, { name: '', permissions: '1' }, { name: 'k', permissions: 16 }, { name: 'k', permissions: '64' }, { name: 'k', permissions: '1', extra: 1 }]) {
      const response = await create(admin, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    }
    const player = await aPlayer(t);
    expect(await create(player, { name: 'k', permissions: '1' })).toMatchObject({ status: 403, body: { code: 'MISSING_FULL_PERMISSIONS' } });
    expect((await t.http().get('/v1/service-keys').set('Cookie', player.cookie)).status).toBe(403);
    expect(await t.dataSource.getRepository(ServiceKeyEntity).countBy({ name: 'k' })).toBe(0);
  });

  it('looks a player up, pays a salary, is refused on @me, and is refused at once after revocation', async () => {
    const player = await anApprovedPlayer(t);
    const link = await aGamePlatformLink(t, player.user);
    const made = await create(admin, { name: 'servidor', permissions: String(Permission.SERVICE_ADMINISTRATOR) });
    const key = bearer(made.body.key);

    const found = await withCaller(t.http().get(`/v1/gameplatform/players/${link.externalId}`), key);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      userId: player.user.id,
      externalId: link.externalId,
      activeCharacter: { characterId: player.character.id, idStatus: 'approved', wallet: { balance: 0 } },
    });

    const paid = await transfer(t, key, { from: EXTERNAL, to: wallet(player.character.id), amount: 1000, memo: 'Salario' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ from: EXTERNAL, to: wallet(player.character.id), amount: 1000, memo: 'Salario' });
    expect(await walletBalance(t, player.character.id)).toBe(1000);
    const again = await withCaller(t.http().get(`/v1/gameplatform/players/${link.externalId}`), key);
    expect(again.body.activeCharacter.wallet.balance).toBe(1000);

    for (const path of ['/v1/users/@me', '/v1/users/@me/characters', `/v1/users/${player.user.id}/characters`]) {
      expect(await withCaller(t.http().get(path), key)).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    }
    expect((await withCaller(t.http().post('/v1/oauth/logout'), key)).status).toBe(403);

    const stored = await t.dataSource.getRepository(ServiceKeyEntity).findOneByOrFail({ id: made.body.keyId });
    expect(stored.lastUsedAt).toBeInstanceOf(Date);
    // Kept to the minute: later requests within it write nothing.
    await withCaller(t.http().get(`/v1/gameplatform/players/${link.externalId}`), key);
    const reread = await t.dataSource.getRepository(ServiceKeyEntity).findOneByOrFail({ id: made.body.keyId });
    expect(reread.lastUsedAt).toEqual(stored.lastUsedAt);

    expect((await t.http().delete(`/v1/service-keys/${made.body.keyId}`).set('Cookie', admin.cookie)).status).toBe(204);
    const refused = await withCaller(t.http().get(`/v1/gameplatform/players/${link.externalId}`), key);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
    expect((await t.http().delete(`/v1/service-keys/${made.body.keyId}`).set('Cookie', admin.cookie)).status).toBe(404);
    expect(await t.dataSource.getRepository(ServiceKeyEntity).existsBy({ id: made.body.keyId })).toBe(false);
  });

  it('answers 401 INVALID_TOKEN to unknown and malformed rpk_ keys', async () => {
    for (const key of [`rpk_${'A'.repeat(43)}`, 'rpk_short', `rpk_${'A'.repeat(44)}`, `rpk_${'*'.repeat(43)}`]) {
      const response = await withCaller(t.http().get('/v1/gameplatform/players/1'), bearer(key));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', code: 'INVALID_TOKEN' });
    }
  });

  it("counts a key's bits exactly as a person's: no bit, no route", async () => {
    const key = bearer((await create(admin, { name: 'lector', permissions: '0' })).body.key);
    expect((await withCaller(t.http().get('/v1/service-keys'), key)).body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
    const player = await anApprovedPlayer(t);
    const refused = await transfer(t, key, { from: EXTERNAL, to: wallet(player.character.id), amount: 5 });
    expect(refused.status).toBe(403);
    const administrator = bearer((await create(admin, { name: 'admin', permissions: String(Permission.ADMINISTRATOR) })).body.key);
    expect((await withCaller(t.http().get('/v1/service-keys'), administrator)).status).toBe(200);
  });

  it('limits each key to RATE_LIMIT_SERVICE requests a minute, over every route', async () => {
    const key = bearer((await create(admin, { name: 'limitado', permissions: '0' })).body.key);
    const other = bearer((await create(admin, { name: 'otro', permissions: '0' })).body.key);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const path = i % 2 ? '/v1/gameplatform/players/1' : '/v1/banks';
      statuses.push((await withCaller(t.http().get(path), key)).status);
    }
    expect(statuses.slice(0, 40)).not.toContain(429);
    expect(statuses[40]).toBe(429);
    expect((await withCaller(t.http().get('/v1/gameplatform/players/1'), other)).status).toBe(404);
  });
});
