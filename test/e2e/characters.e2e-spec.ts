import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacterInput, aSignedInUser } from '../support/character-fixtures';
import { aCharacter, aUser } from '../support/factories';

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

describeEachBackend('characters: create and read', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const rows = (userId: string) => t.dataSource.getRepository(CharacterEntity).findBy({ userId });

  it('lists the nationalities without a session', async () => {
    const response = await t.http().get('/v1/nationalities');
    expect(response.status).toBe(200);
    expect(response.body.nationalities).toContainEqual({ nombre: 'Argentino', abrev: 'ARG', lugar: 'Argentina' });
    expect(response.body.nationalities.length).toBeGreaterThan(190);
    for (const nationality of response.body.nationalities) expect(nationality.nombre).toBe(nationality.nombre.trim());
  });

  it('documents every endpoint with its errors in the OpenAPI document', async () => {
    const { paths } = (await t.http().get('/v1/openapi.json')).body;
    const base = '/v1/users/{userId}/characters';
    expect(Object.keys(paths[base]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`${base}/{characterId}`]).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(paths[`${base}/{characterId}/submit`].post.responses).sort()).toEqual(['201', '401', '403', '404', '409', '500']);
    expect(Object.keys(paths[`${base}/{characterId}/cancel`].post.responses)).toEqual(expect.arrayContaining(['201', '304', '403']));
    expect(Object.keys(paths[`${base}/{characterId}`].patch.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(paths['/v1/nationalities'].get).toBeDefined();
  });

  it('creates a draft with null assets and stores it', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const response = await t.http().post('/v1/users/@me/characters').set('Cookie', cookie).send(aCharacterInput());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      characterId: expect.stringMatching(/^\d+$/),
      userId: user.id,
      ...aCharacterInput(),
      nationality: { nombre: 'Argentino', abrev: 'ARG', lugar: 'Argentina' },
      dob: '12/04/1995',
      avatarHash: null,
      idCardHash: null,
      fullBodyHash: null,
      avatar3dHash: null,
      avatar3dCamera: null,
      avatar3dAABB: null,
      idStatus: 'draft',
      reviewNote: null,
      wallet: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await rows(user.id);
    expect(row).toMatchObject({ id: response.body.characterId, nationality: 'ARG', dob: '1995-04-12', idStatus: 'draft' });
    const withSignature = await t.http().post('/v1/users/@me/characters?signature=true').set('Cookie', cookie).send(aCharacterInput());
    expect(withSignature.body.signatureData).toBeNull();
  });

  it.each([
    ['a lowercase name without accents', { nationality: 'espanol' }, 'ESP'],
    ['an abbreviation', { nationality: 'mex' }, 'MEX'],
    ['a timestamp as dob', { dob: '1990-01-31T23:30:00-05:00' }, 'ARG'],
    ['names of other scripts, trimmed', { firstNames: '  Zoë Ñandú ', lastNames: "李 O'Brien-Smith Jr." }, 'ARG'],
  ])('accepts %s', async (_, overrides, abrev) => {
    const { user, cookie } = await aSignedInUser(t);
    const response = await t.http().post(`/v1/users/${user.id}/characters`).set('Cookie', cookie).send(aCharacterInput(overrides));
    expect(response.status).toBe(201);
    const [row] = await rows(user.id);
    expect(row.nationality).toBe(abrev);
    if ('dob' in overrides) expect(response.body.dob).toBe('31/01/1990');
    if ('firstNames' in overrides) expect(row.firstNames).toBe('Zoë Ñandú');
  });

  it.each([
    ['firstNames', { firstNames: 'A' }],
    ['firstNames', { firstNames: '  B  ' }],
    ['firstNames', { firstNames: 'x'.repeat(51) }],
    ['firstNames', { firstNames: 'R2D2' }],
    ['firstNames', { firstNames: '--' }],
    ['firstNames', { firstNames: null }],
    ['lastNames', { lastNames: undefined }],
    ['lastNames', { lastNames: 42 }],
    ['age', { age: 0 }],
    ['age', { age: 121 }],
    ['age', { age: 30.5 }],
    ['age', { age: '30' }],
    ['height', { height: 49 }],
    ['height', { height: 273 }],
    ['gender', { gender: 'masculino' }],
    ['bloodType', { bloodType: 'C+' }],
    ['nationality', { nationality: 'Atlante' }],
    ['nationality', { nationality: ['ARG'] }],
    ['dob', { dob: '2023-02-30' }],
    ['dob', { dob: '1899-12-31' }],
    ['dob', { dob: tomorrow() }],
    ['dob', { dob: '12/04/1995' }],
    ['dob', { dob: '1995-04-12T25:00:00Z' }],
    ['dob', { dob: 19950412 }],
    ['nickname', { nickname: 'Anita' }],
    ['avatarHash', { avatarHash: `${'a'.repeat(64)}.png` }],
  ])('refuses a bad %s (%j) with 400 and stores nothing', async (field, overrides) => {
    const { user, cookie } = await aSignedInUser(t);
    const response = await t.http().post('/v1/users/@me/characters').set('Cookie', cookie).send(aCharacterInput(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
    expect(response.body.details).toContainEqual({ field, message: expect.any(String) });
    expect(await rows(user.id)).toEqual([]);
  });

  it('needs a session and the caller as path user; a malformed one is someone else', async () => {
    const { cookie } = await aSignedInUser(t);
    const other = await aUser(t);
    expect((await t.http().post('/v1/users/@me/characters').send(aCharacterInput())).status).toBe(401);
    const mismatch = await t.http().post(`/v1/users/${other.id}/characters`).set('Cookie', cookie).send(aCharacterInput());
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toEqual({ error: 'Forbidden' });
    expect(await rows(other.id)).toEqual([]);
    const malformed = await t.http().post('/v1/users/abc/characters').set('Cookie', cookie).send(aCharacterInput());
    expect(malformed.status).toBe(403);
    expect(malformed.body).toEqual({ error: 'Forbidden' });
  });

  it('answers 409 once the user holds maxCharacters characters', async () => {
    const { user, cookie } = await aSignedInUser(t, { maxCharacters: 1 });
    await aCharacter(t, user, { idStatus: 'approved' });
    const response = await t.http().post('/v1/users/@me/characters').set('Cookie', cookie).send(aCharacterInput());
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'User Max Character Limit Exceeded' });
  });

  it('creates exactly maxCharacters characters out of 10 concurrent requests', async () => {
    const { user, cookie } = await aSignedInUser(t, { maxCharacters: 3 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.http().post('/v1/users/@me/characters').set('Cookie', cookie).send(aCharacterInput())),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await rows(user.id)).toHaveLength(3);
  });

  it('lists the caller’s characters, oldest first, with signatureData only on request', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const first = await aCharacter(t, user, { signatureData: 'data:image/png;base64,AAAA' });
    const second = await aCharacter(t, user, { idStatus: 'pending_approval' });
    const plain = await t.http().get('/v1/users/@me/characters').set('Cookie', cookie);
    expect(plain.status).toBe(200);
    expect(plain.body.characters.map((c: { characterId: string }) => c.characterId)).toEqual([first.id, second.id]);
    expect(plain.body.characters[0]).not.toHaveProperty('signatureData');
    const withSignature = await t.http().get(`/v1/users/${user.id}/characters?signature=true`).set('Cookie', cookie);
    expect(withSignature.body.characters.map((c: { signatureData: unknown }) => c.signatureData)).toEqual([
      'data:image/png;base64,AAAA',
      null,
    ]);
    const other = await aSignedInUser(t);
    expect((await t.http().get('/v1/users/@me/characters').set('Cookie', other.cookie)).body).toEqual({ characters: [] });
  });

  it('refuses another user’s list with 403 Unauthorized, even to staff', async () => {
    const owner = await aUser(t);
    const { cookie } = await aSignedInUser(t, { permissions: Permission.USER | Permission.DEVELOPER });
    const response = await t.http().get(`/v1/users/${owner.id}/characters`).set('Cookie', cookie);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Unauthorized' });
    expect((await t.http().get(`/v1/users/${owner.id}/characters`)).status).toBe(401);
  });

  it('shows one character to its owner, with signatureData on request', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user, { signatureData: 'data:image/png;base64,BBBB' });
    const response = await t.http().get(`/v1/users/@me/characters/${character.id}?signature=true`).set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ characterId: character.id, userId: user.id, signatureData: 'data:image/png;base64,BBBB' });
  });

  it.each([
    Permission.STAFF,
    Permission.MODERATOR_CHIEF,
    Permission.ADMINISTRATOR,
    Permission.SERVICE_ADMINISTRATOR,
    Permission.DEVELOPER,
  ])('shows another user’s character to staff (permission %d)', async (permission) => {
    const owner = await aUser(t);
    const character = await aCharacter(t, owner);
    const { cookie } = await aSignedInUser(t, { permissions: Permission.USER | permission });
    const response = await t.http().get(`/v1/users/${owner.id}/characters/${character.id}`).set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body.characterId).toBe(character.id);
  });

  it('refuses another user’s character to a plain user, and names unknown users and characters', async () => {
    const owner = await aUser(t);
    const character = await aCharacter(t, owner);
    const plain = await aSignedInUser(t);
    const refused = await t.http().get(`/v1/users/${owner.id}/characters/${character.id}`).set('Cookie', plain.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Unauthorized' });

    const staff = await aSignedInUser(t, { permissions: Permission.USER | Permission.STAFF });
    const get = (path: string) => t.http().get(path).set('Cookie', staff.cookie);
    expect((await get(`/v1/users/${'9'.repeat(18)}/characters/${character.id}`)).body).toEqual({ error: 'Unknown User' });
    expect((await get(`/v1/users/${owner.id}/characters/${'9'.repeat(18)}`)).body).toEqual({ error: 'Unknown Character' });
    expect((await get(`/v1/users/${owner.id}/characters/12x`)).body).toEqual({ error: 'Unknown Character' });
    expect((await get(`/v1/users/${staff.user.id}/characters/${character.id}`)).body).toEqual({ error: 'Unknown Character' });
    expect((await get(`/v1/users/${owner.id}/characters/${character.id}`)).status).toBe(200);
  });
});
