import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { hashToken } from '../../src/common/secrets';
import { Permission } from '../../src/common/permissions/permission';
import { SanctionEntity } from '../../src/moderation/sanction.entity';
import { ServiceKeyEntity } from '../../src/service-keys/service-key.entity';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGamePlatformLink, aPlayer, aUser, nextId, type Player } from '../support/factories';
import { aServiceKey, type Caller, withCaller } from '../support/money';
import { APPROVE, aPendingCharacter, storedCharacter } from '../support/review-fixtures';
import { inMs } from '../support/staff';

const { USER, ADMINISTRATOR, MODERATOR_CHIEF, SERVICE_ADMINISTRATOR } = Permission;
const ADMIN = USER | ADMINISTRATOR | MODERATOR_CHIEF | SERVICE_ADMINISTRATOR;
const KEY_BITS = USER | ADMINISTRATOR | MODERATOR_CHIEF;

/** A service key acts for its maker (decisions §13). */
describeEachBackend('service keys act for their maker', (backend) => {
  let t: TestApp;
  let other: Player;

  beforeAll(async () => {
    t = await createTestApp(backend);
    other = await aPlayer(t, ADMIN);
  });
  afterAll(() => t.close());

  async function aMakerWithKey(): Promise<{ maker: Player; key: Caller; keyId: string }> {
    const maker = await aPlayer(t, ADMIN);
    const key = await aServiceKey(t, maker, KEY_BITS);
    const stored = await t.dataSource.getRepository(ServiceKeyEntity).findOneByOrFail({ keyHash: hashToken(key) });
    return { maker, key: { key }, keyId: stored.id };
  }

  const listKeys = (caller: Caller) => withCaller(t.http().get('/v1/service-keys'), caller);
  const setBits = (userId: string, permissions: number, caller: Caller = other) =>
    withCaller(t.http().patch(`/v1/users/${userId}`), caller).send({ permissions: String(permissions) });
  const sanction = (userId: string, caller: Caller, type = 'ban') =>
    withCaller(t.http().post(`/v1/users/${userId}/sanctions`), caller).send({ type, reason: 'regla 4', expiresAt: inMs(3_600_000) });
  const shownKey = async (keyId: string) => (await listKeys(other)).body.serviceKeys.find((key: { keyId: string }) => key.keyId === keyId);

  it('records its maker, shown as createdBy', async () => {
    const { maker, keyId } = await aMakerWithKey();
    expect(await shownKey(keyId)).toMatchObject({ keyId, createdBy: maker.user.id, permissions: String(KEY_BITS) });
    expect((await t.dataSource.getRepository(ServiceKeyEntity).findOneByOrFail({ id: keyId })).createdBy).toBe(maker.user.id);
  });

  it("holds only the bits its maker still holds, from the very next request, while showing those it was given", async () => {
    const { maker, key, keyId } = await aMakerWithKey();
    expect((await listKeys(key)).status).toBe(200);

    expect((await setBits(maker.user.id, USER | MODERATOR_CHIEF)).status).toBe(200);
    expect(await listKeys(key)).toMatchObject({ status: 403, body: { code: 'MISSING_FULL_PERMISSIONS' } });
    expect((await shownKey(keyId)).permissions).toBe(String(KEY_BITS));

    expect((await setBits(maker.user.id, ADMIN)).status).toBe(200);
    expect((await listKeys(key)).status).toBe(200);
  });

  it('is refused like a revoked key while its maker is banned or gone', async () => {
    const { maker, key } = await aMakerWithKey();
    const banned = await sanction(maker.user.id, other);
    expect(banned.status).toBe(201);
    expect(await listKeys(key)).toMatchObject({ status: 401, body: { error: 'Unauthorized', code: 'INVALID_TOKEN' } });

    const revoked = await withCaller(t.http().post(`/v1/sanctions/${banned.body.sanctionId}/revoke`), other).send({ reason: 'apelación' });
    expect(revoked.status).toBe(200);
    expect((await listKeys(key)).status).toBe(200);

    await t.dataSource.getRepository(UserEntity).delete({ id: maker.user.id });
    expect(await listKeys(key)).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
  });

  it('cannot sanction its maker, change their bits, revoke their sanctions, read notes about them or approve their characters', async () => {
    const { maker, key } = await aMakerWithKey();
    expect(await sanction(maker.user.id, key, 'warning')).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(await setBits(maker.user.id, ADMIN | Permission.DEVELOPER, key)).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    const warned = await sanction(maker.user.id, other, 'warning');
    const revoke = await withCaller(t.http().post(`/v1/sanctions/${warned.body.sanctionId}/revoke`), key).send({ reason: 'por mí' });
    expect(revoke.status).toBe(403);
    expect((await withCaller(t.http().get(`/v1/users/${maker.user.id}/notes`), key)).status).toBe(403);
    expect((await withCaller(t.http().get(`/v1/staff/users/${maker.user.id}`), key)).status).toBe(403);

    const own = await aPendingCharacter(t, maker.user);
    const approved = await withCaller(t.http().post(APPROVE), key).send({ characterIds: [own.id] });
    expect(approved.status).toBe(200);
    expect(approved.body.skipped).toEqual([{ characterId: own.id, reason: 'own_character' }]);

    expect((await storedCharacter(t, own.id)).idStatus).toBe('pending_approval');
    expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: maker.user.id })).permissions).toBe(ADMIN);
    const sanctions = await t.dataSource.getRepository(SanctionEntity).findBy({ userId: maker.user.id });
    expect(sanctions.map((row) => [row.type, row.revokedAt])).toEqual([['warning', null]]);
  });

  it('may still do to others what its maker may', async () => {
    const { key } = await aMakerWithKey();
    const target = await aUser(t);
    expect((await sanction(target.id, key, 'warning')).status).toBe(201);
    const character = await aPendingCharacter(t);
    const approved = await withCaller(t.http().post(APPROVE), key).send({ characterIds: [character.id] });
    expect(approved.body).toMatchObject({ characters: [{ characterId: character.id, idStatus: 'approved' }], skipped: [] });
    expect((await storedCharacter(t, character.id)).idStatus).toBe('approved');
  });

  it('cannot make or revoke service keys', async () => {
    const { key, keyId } = await aMakerWithKey();
    const before = await t.dataSource.getRepository(ServiceKeyEntity).count();
    const made = await withCaller(t.http().post('/v1/service-keys'), key).send({ name: 'hija', permissions: '0' });
    expect(made).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect((await withCaller(t.http().delete(`/v1/service-keys/${keyId}`), key)).status).toBe(403);
    expect(await t.dataSource.getRepository(ServiceKeyEntity).count()).toBe(before);
  });

  it("records its maker in its events' data.onBehalfOf, keeping the key as the actor", async () => {
    const { maker, key, keyId } = await aMakerWithKey();
    const target = await aUser(t);
    const issued = await sanction(target.id, key, 'warning');
    const events = await t.dataSource.getRepository(AuditEventEntity).findBy({ action: 'sanction.issued', subjectId: issued.body.sanctionId });
    expect(events).toHaveLength(1);
    const shown = await withCaller(t.http().get(`/v1/audit?subjectId=${issued.body.sanctionId}`), other);
    expect(shown.body.events[0]).toMatchObject({
      action: 'sanction.issued',
      actor: { type: 'service_key', id: keyId },
      data: { onBehalfOf: maker.user.id },
    });
    expect(shown.body.events[0].actor).toEqual({ type: 'service_key', id: keyId });
  });

  it('keeps a key made before makers were kept working on its own bits', async () => {
    const key = 'rpk_' + 'L'.repeat(43);
    const id = nextId(t);
    await t.dataSource.getRepository(ServiceKeyEntity).insert({ id, name: 'antigua', permissions: SERVICE_ADMINISTRATOR, keyHash: hashToken(key), createdBy: null, lastUsedAt: null });
    const link = await aGamePlatformLink(t, await aUser(t));
    expect((await withCaller(t.http().get(`/v1/gameplatform/players/${link.externalId}`), { key })).status).toBe(200);
    expect(await shownKey(id)).toMatchObject({ keyId: id, createdBy: null });
  });
});
