import sharp from 'sharp';
import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { AVATAR_3D, aSignedInUser, submittableAssets } from '../support/character-fixtures';
import { aCharacter, aUser } from '../support/factories';
import { bytesOf } from '../support/files';
import { lockRow } from '../support/review-fixtures';

describeEachBackend('characters: submit, cancel and edit rules', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const row = (id: string) => t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id });
  const path = (character: CharacterEntity, action = '') => `/v1/users/@me/characters/${character.id}${action}`;

  async function aSubmittableDraft(overrides: Partial<CharacterEntity> = {}) {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user, { ...(await submittableAssets(t)), ...overrides });
    return { user, cookie, character };
  }

  it('walks draft -> pending -> draft -> pending, locking edits while pending', async () => {
    const { cookie, character } = await aSubmittableDraft({ reviewNote: 'falta la firma' });
    const submitted = await t.http().post(path(character, '/submit')).set('Cookie', cookie);
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ characterId: character.id, idStatus: 'pending_approval', reviewNote: null });
    expect((await row(character.id)).submittedAt).toBeInstanceOf(Date);

    const again = await t.http().post(path(character, '/submit')).set('Cookie', cookie);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Duplicate Submission' });

    const edit = await t.http().patch(path(character)).set('Cookie', cookie).send({ age: 31 });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ error: 'Character Pending Approval' });
    expect((await row(character.id)).age).toBe(30);

    const cancelled = await t.http().post(path(character, '/cancel?signature=true')).set('Cookie', cookie);
    expect(cancelled.status).toBe(201);
    expect(cancelled.body).toMatchObject({ idStatus: 'draft', signatureData: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(await row(character.id)).toMatchObject({ idStatus: 'draft', submittedAt: null });

    const unchanged = await t.http().post(path(character, '/cancel')).set('Cookie', cookie);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text ?? '').toBe('');

    const resubmitted = await t.http().post(path(character, '/submit?signature=true')).set('Cookie', cookie);
    expect(resubmitted.status).toBe(201);
    expect(resubmitted.body.idStatus).toBe('pending_approval');
    expect(resubmitted.body.signatureData).toMatch(/^data:image\/png;base64,/);
  });

  it('submits a character once when its submit comes four times at once', async () => {
    const { cookie, character } = await aSubmittableDraft();
    // On PostgreSQL the row is held locked until two of them wait on it, so both have read the
    // draft before either moved it (SQLite serializes them by design).
    const gate = backend.postgresUrl ? await lockRow(t, character.id) : undefined;
    const sent = Promise.all(Array.from({ length: 4 }, () => t.http().post(path(character, '/submit')).set('Cookie', cookie)));
    await gate?.releaseWhenWaiting(2);
    const responses = await sent;
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await row(character.id)).toMatchObject({ idStatus: 'pending_approval' });
    const events = await t.dataSource.getRepository(AuditEventEntity).findBy({ subjectId: character.id, action: 'character.submitted' });
    expect(events).toHaveLength(1);
  });

  it('refuses to submit without the required assets, naming each missing one', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const bare = await aCharacter(t, user);
    const response = await t.http().post(path(bare, '/submit')).set('Cookie', cookie);
    expect(response.status).toBe(500);
    expect(response.body.error).toBe('Missing character data');
    expect(response.body.details.map((issue: { field: string }) => issue.field)).toEqual([
      'avatar',
      'fullBody',
      'avatar3dGlb',
      'avatar3D',
      'signature',
    ]);
    expect((await row(bare.id)).idStatus).toBe('draft');

    const almost = await aCharacter(t, user, { ...(await submittableAssets(t)), signatureData: null });
    const missingSignature = await t.http().post(path(almost, '/submit')).set('Cookie', cookie);
    expect(missingSignature.body.details).toEqual([{ field: 'signature', message: 'is required before submitting' }]);
  });

  it('keeps an approved character approved: submit 409, cancel 403 Unauthorized, owner edit 403 Forbidden', async () => {
    const { cookie, character } = await aSubmittableDraft({ idStatus: 'approved' });
    expect((await t.http().post(path(character, '/submit')).set('Cookie', cookie)).status).toBe(409);
    const cancel = await t.http().post(path(character, '/cancel')).set('Cookie', cookie);
    expect(cancel.status).toBe(403);
    expect(cancel.body).toEqual({ error: 'Unauthorized' });
    const edit = await t.http().patch(path(character)).set('Cookie', cookie).send({ firstNames: 'Otra' });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ error: 'Forbidden' });
    expect(await row(character.id)).toMatchObject({ idStatus: 'approved', firstNames: 'Ana María' });
  });

  it.each([Permission.ADMINISTRATOR, Permission.DEVELOPER])(
    'lets an owner holding permission %d edit an approved character',
    async (permission) => {
      const { user, cookie } = await aSignedInUser(t, { permissions: Permission.USER | permission });
      const character = await aCharacter(t, user, { idStatus: 'approved', idCardHash: `${'0'.repeat(64)}.png` });
      const response = await t.http().patch(path(character)).set('Cookie', cookie).send({ firstNames: 'Lucía', height: 181 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ idStatus: 'approved', firstNames: 'Lucía', height: 181 });
      const stored = await row(character.id);
      expect(stored).toMatchObject({ idStatus: 'approved', firstNames: 'Lucía', height: 181 });
      expect(stored.idCardHash).toMatch(/^[0-9a-f]{64}\.png$/);
      expect(stored.idCardHash).not.toBe(character.idCardHash);
      expect(response.body.idCardHash).toBe(stored.idCardHash);
      const card = await bytesOf(t.http().get(`/v1/images/ids/${stored.idCardHash}`));
      expect(card.status).toBe(200);
      expect(await sharp(card.body).metadata()).toMatchObject({ format: 'png', width: 1012, height: 638 });
    },
  );

  it('keeps edits to the owner, administrators included', async () => {
    const owner = await aUser(t);
    const character = await aCharacter(t, owner);
    const { cookie } = await aSignedInUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR | Permission.DEVELOPER });
    const response = await t.http().patch(`/v1/users/${owner.id}/characters/${character.id}`).set('Cookie', cookie).send({ age: 40 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Forbidden' });
    for (const action of ['/submit', '/cancel']) {
      const refused = await t.http().post(`/v1/users/${owner.id}/characters/${character.id}${action}`).set('Cookie', cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'Forbidden' });
    }
    expect((await row(character.id)).age).toBe(30);
  });

  it('edits a draft from JSON, avatar3D included, and answers signature=true', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user);
    const response = await t
      .http()
      .patch(`/v1/users/${user.id}/characters/${character.id}?signature=true`)
      .set('Cookie', cookie)
      .send({ nationality: 'CHILENO', dob: '2001-09-18', avatar3D: JSON.stringify(AVATAR_3D) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      nationality: { abrev: 'CHL' },
      dob: '18/09/2001',
      avatar3dCamera: AVATAR_3D.camera,
      avatar3dAABB: AVATAR_3D.aabb,
      signatureData: null,
    });
    expect(await row(character.id)).toMatchObject({ nationality: 'CHL', dob: '2001-09-18', avatar3dCamera: AVATAR_3D.camera });
  });

  it.each([
    ['firstNames', { firstNames: null }],
    ['age', { age: 200 }],
    ['dob', { dob: '2023-02-30' }],
    ['nationality', { nationality: 'Marciano' }],
    ['avatar3D', { avatar3D: '{"camera":' }],
    ['avatar3D', { avatar3D: AVATAR_3D }],
    ['avatarHash', { avatarHash: null }],
  ])('refuses a JSON edit with a bad %s and changes nothing', async (field, body) => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user);
    const response = await t.http().patch(path(character)).set('Cookie', cookie).send(body);
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field, message: expect.any(String) });
    expect((await row(character.id)).updatedAt).toEqual(character.updatedAt);
  });

  it('answers unknown and malformed characters with 404 on every route', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const foreign = await aCharacter(t, await aUser(t));
    for (const id of ['123abc', '9'.repeat(18), foreign.id]) {
      const requests = [
        t.http().patch(`/v1/users/@me/characters/${id}`).send({ age: 20 }),
        t.http().post(`/v1/users/@me/characters/${id}/submit`),
        t.http().post(`/v1/users/${user.id}/characters/${id}/cancel`),
      ];
      for (const request of requests) {
        const response = await request.set('Cookie', cookie);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Unknown Character' });
      }
    }
  });

  it('applies exactly one of many concurrent submissions, then one of many cancels', async () => {
    const { cookie, character } = await aSubmittableDraft();
    const submits = await Promise.all(
      Array.from({ length: 6 }, () => t.http().post(path(character, '/submit')).set('Cookie', cookie)),
    );
    expect(submits.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const cancels = await Promise.all(
      Array.from({ length: 6 }, () => t.http().post(path(character, '/cancel')).set('Cookie', cookie)),
    );
    expect(cancels.map((response) => response.status).sort()).toEqual([201, 304, 304, 304, 304, 304]);
    expect((await row(character.id)).idStatus).toBe('draft');
  });

  it('answers the 6th edit within a minute with 429 and Retry-After', async () => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user);
    for (let age = 31; age <= 35; age += 1) {
      expect((await t.http().patch(path(character)).set('Cookie', cookie).send({ age })).status).toBe(200);
    }
    const limited = await t.http().patch(path(character)).set('Cookie', cookie).send({ age: 36 });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await row(character.id)).age).toBe(35);
    expect((await t.http().post(path(character, '/submit')).set('Cookie', cookie)).status).not.toBe(429);
  });

  it('needs a session on every route', async () => {
    const character = await aCharacter(t, await aUser(t));
    const base = `/v1/users/${character.userId}/characters/${character.id}`;
    for (const request of [t.http().patch(base).send({}), t.http().post(`${base}/submit`), t.http().post(`${base}/cancel`)]) {
      expect((await request).status).toBe(401);
    }
  });
});
