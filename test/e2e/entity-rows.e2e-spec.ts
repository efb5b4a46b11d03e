/**
 * `EntityRows` (hand-written SQL for the hottest reads, hydrated by TypeORM's driver) returns what
 * TypeORM's own `find` returns, for every lookup the application makes through it today:
 * a user by `id` (users.repository.ts), a session by `accessTokenHash` or `refreshTokenHash`
 * (sessions.service.ts), a user's characters by `userId`, ordered by `createdAt` then `id`
 * (characters.repository.ts), the wallets of a list of characters and of a user's characters
 * (characters.repository.ts), and
 * every webhook by `id` (webhooks.repository.ts, the outbox). Rows hold the edge values: ids past 2^53 (two of which are one
 * number in JavaScript), null columns, dates with milliseconds, JSON, booleans and unicode.
 * Should `find` ever become as cheap as the hand-written SQL, EntityRows can go; until then this
 * keeps the two interchangeable.
 */
import { type DataSource, type EntityManager, type EntityTarget, type FindOptionsOrder, In, type ObjectLiteral } from 'typeorm';
import { SessionEntity } from '../../src/auth/session.entity';
import { SessionsService } from '../../src/auth/sessions.service';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { EntityRows } from '../../src/infrastructure/entity-rows';
import { UserEntity } from '../../src/users/user.entity';
import { WebhookEntity } from '../../src/webhooks/webhook.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser } from '../support/factories';

/** 2^63 - 1, the largest id a bigint holds; and 2^53 + 1 beside 2^53, which Number() cannot tell apart. */
const LARGEST_ID = '9223372036854775807';
const PAST_2_53 = '9007199254740993';
const AT_2_53 = '9007199254740992';
const MISSING_ID = '9223372036854775806';

const WITH_MS = new Date('1999-12-31T23:59:59.999Z');
const LATER = new Date('2031-06-15T08:30:00.123Z');

/** EntityRows and `find` on the same manager, for the same lookup. */
async function bothWays<T extends ObjectLiteral>(
  dataSource: DataSource,
  manager: EntityManager,
  entity: EntityTarget<T>,
  column: keyof T & string,
  value: string,
  order: (keyof T & string)[] = [],
): Promise<{ rows: T[]; found: T[] }> {
  const rows = await EntityRows.of(dataSource, entity).findBy(manager, column, value, order);
  const found = order.length
    ? await manager.find(entity, { where: { [column]: value } as never, order: Object.fromEntries(order.map((name) => [name, 'ASC'])) as FindOptionsOrder<T> })
    : await manager.findBy(entity, { [column]: value } as never);
  return { rows, found };
}

describeEachBackend('EntityRows returns what TypeORM finds', (backend) => {
  let t: TestApp;
  let sessions: SessionEntity[];

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    const largest = await aUser(t, {
      id: LARGEST_ID,
      permissions: Permission.USER | Permission.ADMINISTRATOR | Permission.DEVELOPER,
      maxCharacters: 0,
      createdAt: WITH_MS,
      updatedAt: LATER,
    });
    await aUser(t, { id: PAST_2_53 });
    await aUser(t, { id: AT_2_53, permissions: 0 });
    await aUser(t, { id: '1' });

    // Three characters of one user: two created in the same millisecond (the id breaks the tie,
    // and the later id is inserted first), every nullable column null in one and set in another.
    const full = await aCharacter(t, largest, {
      id: '9223372036854775000',
      firstNames: 'Ñandú José 漢字',
      lastNames: "O'Brien \"Zoë\" 🐉",
      avatarHash: `${'a'.repeat(64)}.png`,
      idCardHash: `${'b'.repeat(64)}.png`,
      fullBodyHash: `${'c'.repeat(64)}.png`,
      avatar3dHash: `${'d'.repeat(64)}.glb`,
      avatar3dCamera: { position: { x: -1.5, y: 0, z: 1e-7 }, direction: { x: 0, y: 0, z: -1 }, fov: 59.999 },
      avatar3dAABB: { min: { x: -0.5, y: 0, z: -0.25 }, max: { x: 0.5, y: 1.8, z: 0.25 } },
      signatureData: `data:image/png;base64,${'iVBORw0KGgo'.repeat(300)}`,
      idStatus: 'approved',
      submittedAt: WITH_MS,
      reviewNote: 'línea uno\nline "two"; DROP TABLE characters; --',
      createdAt: LATER,
    } as Partial<CharacterEntity>);
    await aCharacter(t, largest, { id: '9223372036854775002', createdAt: WITH_MS } as Partial<CharacterEntity>);
    await aCharacter(t, largest, { id: '9223372036854775001', createdAt: WITH_MS } as Partial<CharacterEntity>);
    await aCharacter(t, { id: PAST_2_53 }, { idStatus: 'pending_approval', submittedAt: LATER });
    await t.dataSource.getRepository(UserEntity).update({ id: LARGEST_ID }, { activeCharacterId: full.id });

    // Sessions the way the application makes them: issued, one rotated (its successor sealed),
    // one revoked and deactivated, one without client details.
    const service = t.app.get(SessionsService);
    const first = await service.issue(LARGEST_ID, { ip: '2001:db8::1', userAgent: 'Navegador/1.0 (ñ; 漢字) 🐉' });
    const rotated = await service.findRenewable(first.refreshToken);
    await service.rotate(rotated, first.refreshToken, { ip: '203.0.113.9', userAgent: null });
    await service.issue(PAST_2_53);
    await service.issue(AT_2_53, { ip: null, userAgent: 'x'.repeat(512) });
    await service.revokeAllOfUser(AT_2_53);
    await t.dataSource.getRepository(SessionEntity).update({ userId: AT_2_53 }, { active: false });
    sessions = await t.dataSource.getRepository(SessionEntity).find({ order: { id: 'ASC' } });
    expect(sessions.map((session) => [session.rotatedAt !== null, session.revokedAt !== null, session.active])).toEqual([
      [true, false, true],
      [false, false, true],
      [false, false, true],
      [false, true, false],
    ]);
  });
  afterAll(() => t?.close());

  it('hands the edge values back whole', async () => {
    const [user] = await EntityRows.of(t.dataSource, UserEntity).findBy(t.dataSource.manager, 'id', LARGEST_ID);
    expect(user).toMatchObject({ id: LARGEST_ID, activeCharacterId: '9223372036854775000', maxCharacters: 0, createdAt: WITH_MS });
    const characters = await EntityRows.of(t.dataSource, CharacterEntity).findBy(t.dataSource.manager, 'userId', LARGEST_ID, ['createdAt', 'id']);
    expect(characters.map((character) => character.id)).toEqual(['9223372036854775001', '9223372036854775002', '9223372036854775000']);
    expect(characters[2]).toMatchObject({
      firstNames: 'Ñandú José 漢字',
      lastNames: "O'Brien \"Zoë\" 🐉",
      avatar3dCamera: { position: { x: -1.5, y: 0, z: 1e-7 }, direction: { x: 0, y: 0, z: -1 }, fov: 59.999 },
      submittedAt: WITH_MS,
    });
    expect(characters[0]).toMatchObject({ avatar3dCamera: null, submittedAt: null, reviewNote: null });
    const revoked = sessions[3];
    const [session] = await EntityRows.of(t.dataSource, SessionEntity).findBy(t.dataSource.manager, 'accessTokenHash', revoked.accessTokenHash);
    expect(session).toMatchObject({ userId: AT_2_53, active: false, ip: null, revokedAt: expect.any(Date) });
  });

  it('leaves the omitted columns unread and undefined, the others as find has them', async () => {
    const characters = t.dataSource.getRepository(CharacterEntity);
    await characters.update({ id: '9223372036854775000' }, { signatureData: 'data:image/png;base64,AAAA' });
    const reader = EntityRows.of(t.dataSource, CharacterEntity);
    const [whole, without] = await Promise.all([
      reader.findBy(t.dataSource.manager, 'userId', LARGEST_ID, ['createdAt', 'id']),
      reader.findBy(t.dataSource.manager, 'userId', LARGEST_ID, ['createdAt', 'id'], ['signatureData']),
    ]);
    expect(whole[2].signatureData).toBe('data:image/png;base64,AAAA');
    expect(without.map((character) => character.signatureData)).toEqual([undefined, undefined, undefined]);
    expect(without).toEqual(whole.map(({ signatureData: _signature, ...rest }) => expect.objectContaining(rest)));
    expect(whole).toEqual(await characters.find({ where: { userId: LARGEST_ID }, order: { createdAt: 'ASC', id: 'ASC' } }));
  });

  it('every webhook, ordered by id, outside a transaction and inside one', async () => {
    const webhooks = t.dataSource.getRepository(WebhookEntity);
    await webhooks.insert([
      { id: LARGEST_ID, url: 'https://hooks.example/ñ?a=1&b="2"', events: ['character.*', 'transfer.completed'], format: 'standard', description: null, secret: 'whsec_x', active: false, createdAt: WITH_MS, updatedAt: LATER },
      { id: '1', url: 'https://discord.example/api/webhooks/1/t', events: ['*'], format: 'discord', description: 'Canal 漢字 🐉', secret: null, createdAt: LATER, updatedAt: LATER },
    ]);
    const found = await t.dataSource.manager.find(WebhookEntity, { order: { id: 'ASC' } });
    expect(found.map((webhook) => webhook.id)).toEqual(['1', LARGEST_ID]);
    const reader = EntityRows.of(t.dataSource, WebhookEntity);
    expect(await reader.findAll(t.dataSource.manager, ['id'])).toStrictEqual(found);
    await t.dataSource.transaction(async (manager) => expect(await reader.findAll(manager, ['id'])).toStrictEqual(found));
  });

  describe('users by id', () => {
    it.each([LARGEST_ID, PAST_2_53, AT_2_53, '1', MISSING_ID])('%s', async (id) => {
      const { rows, found } = await bothWays(t.dataSource, t.dataSource.manager, UserEntity, 'id', id);
      expect(rows).toStrictEqual(found);
      expect(rows.map((user) => user.id)).toEqual(id === MISSING_ID ? [] : [id]);
    });
  });

  describe('sessions by token hash', () => {
    it.each(['accessTokenHash', 'refreshTokenHash'] as const)('by %s, every session and none', async (column) => {
      for (const value of [...sessions.map((session) => session[column]), 'f'.repeat(64)]) {
        const { rows, found } = await bothWays(t.dataSource, t.dataSource.manager, SessionEntity, column, value);
        expect(rows).toStrictEqual(found);
        expect(rows).toHaveLength(value === 'f'.repeat(64) ? 0 : 1);
      }
    });
  });

  describe('wallets of a list of characters', () => {
    const CHARACTERS = ['9223372036854775000', '9223372036854775001', '9223372036854775002'];
    beforeAll(async () => {
      await t.dataSource.getRepository(WalletEntity).insert([
        { characterId: CHARACTERS[0], balance: 2 ** 53 - 1, frozen: true, createdAt: WITH_MS, updatedAt: LATER },
        { characterId: CHARACTERS[1], balance: 0, createdAt: LATER, updatedAt: LATER },
      ]);
    });

    it.each([
      ['two with wallets and one without', CHARACTERS, 2],
      ['one', [CHARACTERS[0]], 1],
      ['none with a wallet', [CHARACTERS[2], MISSING_ID], 0],
      ['an empty list', [], 0],
    ])('%s, outside a transaction and inside one', async (_name, ids, count) => {
      const reader = EntityRows.of(t.dataSource, WalletEntity);
      const byId = (wallets: WalletEntity[]) => [...wallets].sort((a, b) => a.characterId.localeCompare(b.characterId));
      const found = byId(await t.dataSource.manager.findBy(WalletEntity, { characterId: In(ids) }));
      expect(found).toHaveLength(count);
      expect(byId(await reader.findIn(t.dataSource.manager, 'characterId', ids))).toStrictEqual(found);
      await t.dataSource.transaction(async (manager) => expect(byId(await reader.findIn(manager, 'characterId', ids))).toStrictEqual(found));
    });

    it.each([
      ['two of three characters with wallets', LARGEST_ID, 2],
      ['a character without one', PAST_2_53, 0],
      ['no characters', AT_2_53, 0],
      ['no such user', MISSING_ID, 0],
    ])("a user's, by the user: %s, outside a transaction and inside one", async (_name, userId, count) => {
      const reader = EntityRows.of(t.dataSource, WalletEntity);
      const byId = (wallets: WalletEntity[]) => [...wallets].sort((a, b) => a.characterId.localeCompare(b.characterId));
      const found = byId(await t.dataSource.manager.findBy(WalletEntity, { characterId: In(CHARACTERS) }));
      const expected = userId === LARGEST_ID ? found : [];
      expect(expected).toHaveLength(count);
      expect(byId(await reader.findByParent(t.dataSource.manager, 'characterId', CharacterEntity, 'userId', userId))).toStrictEqual(expected);
      await t.dataSource.transaction(async (manager) =>
        expect(byId(await reader.findByParent(manager, 'characterId', CharacterEntity, 'userId', userId))).toStrictEqual(expected),
      );
    });
  });

  describe("a user's characters, by createdAt then id", () => {
    it.each([
      ['three, two created in the same millisecond', LARGEST_ID, 3],
      ['one', PAST_2_53, 1],
      ['none', AT_2_53, 0],
      ['of no user', MISSING_ID, 0],
    ] as const)('%s', async (_name, userId, count) => {
      const { rows, found } = await bothWays(t.dataSource, t.dataSource.manager, CharacterEntity, 'userId', userId, ['createdAt', 'id']);
      expect(rows).toStrictEqual(found);
      expect(rows).toHaveLength(count);
    });

    it('reads the rows of the transaction it is given, as find does', async () => {
      const existing = await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ userId: PAST_2_53 });
      await t.dataSource.transaction(async (manager) => {
        await manager.insert(CharacterEntity, { ...existing, id: '42', createdAt: LATER });
        const { rows, found } = await bothWays(t.dataSource, manager, CharacterEntity, 'userId', PAST_2_53, ['createdAt', 'id']);
        expect(rows).toStrictEqual(found);
        expect(rows.map((character) => character.id)).toContain('42');
        await manager.delete(CharacterEntity, { id: '42' });
      });
    });
  });
});
