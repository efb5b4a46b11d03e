import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacterInput } from '../support/character-fixtures';
import { aCharacter, aUser, signIn } from '../support/factories';

const NONEXISTENT = '1234567890123456789';
const MALFORMED = ['abc', '0', '01', '-5', '99999999999999999999'];

type Call = (t: TestApp, userId: string, characterId: string) => ReturnType<ReturnType<TestApp['http']>['get']>;

/** Every owner-only route under /v1/users/:userId, with the contract's 403 text for it. */
const OWNER_ONLY: { route: string; error: string; call: Call }[] = [
  { route: 'GET characters', error: 'Unauthorized', call: (t, u) => t.http().get(`/v1/users/${u}/characters`) },
  { route: 'POST characters', error: 'Forbidden', call: (t, u) => t.http().post(`/v1/users/${u}/characters`).send(aCharacterInput()) },
  { route: 'GET a character', error: 'Unauthorized', call: (t, u, c) => t.http().get(`/v1/users/${u}/characters/${c}`) },
  {
    route: 'PATCH a character',
    error: 'Forbidden',
    call: (t, u, c) => t.http().patch(`/v1/users/${u}/characters/${c}`).send({ firstNames: 'Ana' }),
  },
  { route: 'submit', error: 'Forbidden', call: (t, u, c) => t.http().post(`/v1/users/${u}/characters/${c}/submit`) },
  { route: 'cancel', error: 'Forbidden', call: (t, u, c) => t.http().post(`/v1/users/${u}/characters/${c}/cancel`) },
  { route: 'avatar', error: 'Unauthorized', call: (t, u) => t.http().get(`/v1/users/${u}/gameplatform/avatar`) },
  { route: 'avatar-bust', error: 'Unauthorized', call: (t, u) => t.http().get(`/v1/users/${u}/gameplatform/avatar-bust`) },
  { route: 'avatar-3d', error: 'Unauthorized', call: (t, u) => t.http().get(`/v1/users/${u}/gameplatform/avatar-3d`) },
  {
    route: 'active-character',
    error: 'Forbidden',
    call: (t, u, c) => t.http().put(`/v1/users/${u}/active-character`).send({ characterId: c }),
  },
  { route: 'GET the user', error: 'Forbidden', call: (t, u) => t.http().get(`/v1/users/${u}`) },
];

describeEachBackend('ownership before existence', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => t.close());

  it.each(OWNER_ONLY)(
    "$route: another user's id answers 403 $error whether that user exists, does not, or is malformed",
    async ({ call, error }) => {
      const cookie = await signIn(t, await aUser(t));
      const other = await aUser(t);
      const theirs = await aCharacter(t, other, { idStatus: 'approved' });
      for (const [userId, characterId] of [
        [other.id, theirs.id],
        [other.id, 'not-an-id'],
        [NONEXISTENT, NONEXISTENT],
        ...MALFORMED.map((id) => [id, theirs.id]),
      ]) {
        const response = await call(t, userId, characterId).set('Cookie', cookie);
        expect({ userId, characterId, status: response.status, body: response.body }).toEqual({
          userId,
          characterId,
          status: 403,
          body: { error },
        });
      }
      expect(await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: theirs.id })).toEqual(theirs);
      expect(await t.dataSource.getRepository(CharacterEntity).countBy({ userId: other.id })).toBe(1);
    },
  );

  it('leaves the staff routes their 404 for unknown and malformed users', async () => {
    const staff = await signIn(t, await aUser(t, { permissions: Permission.USER | Permission.STAFF | Permission.SERVICE_ADMINISTRATOR }));
    for (const userId of [NONEXISTENT, ...MALFORMED]) {
      const profile = await t.http().get(`/v1/users/${userId}`).set('Cookie', staff);
      expect({ userId, status: profile.status, body: profile.body }).toEqual({ userId, status: 404, body: { error: 'Unknown User' } });
      const character = await t.http().get(`/v1/users/${userId}/characters/${NONEXISTENT}`).set('Cookie', staff);
      expect({ userId, status: character.status, body: character.body }).toEqual({ userId, status: 404, body: { error: 'Unknown User' } });
    }
  });

  it("answers the caller's own malformed or unknown character ids 404 Unknown Character", async () => {
    const owner = await aUser(t);
    const cookie = await signIn(t, owner);
    for (const characterId of [NONEXISTENT, 'not-an-id', '0']) {
      const response = await t.http().get(`/v1/users/@me/characters/${characterId}`).set('Cookie', cookie);
      expect({ characterId, status: response.status, body: response.body }).toEqual({
        characterId,
        status: 404,
        body: { error: 'Unknown Character' },
      });
    }
  });

  it('answers a malformed characterId in a body like an unknown one, however long', async () => {
    const owner = await aUser(t);
    const cookie = await signIn(t, owner);
    for (const characterId of ['abc', 'x'.repeat(200), '', '1'.repeat(40)]) {
      const response = await t.http().put('/v1/users/@me/active-character').set('Cookie', cookie).send({ characterId });
      expect({ characterId, status: response.status, body: response.body }).toEqual({
        characterId,
        status: 404,
        body: { error: 'Unknown Character' },
      });
    }
    expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: owner.id })).activeCharacterId).toBeNull();
    const wrongType = await t.http().put('/v1/users/@me/active-character').set('Cookie', cookie).send({ characterId: 5 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('Invalid form of body');
  });
});
