import { createHash } from 'node:crypto';
import { CharacterEntity } from '../../src/characters/character.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { AVATAR_3D, aCharacterInput, aSignedInUser, storedFiles } from '../support/character-fixtures';
import { aCharacter } from '../support/factories';
import { aGlb, aPng, aPngDeclaring, bytesOf } from '../support/files';
import { STORAGES, useAppOnStorage } from '../support/s3';

const MIB = 1024 * 1024;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describeEachBackend('characters: uploads', (backend) => {
  describe.each(STORAGES)('every asset in one multipart PATCH, on $name storage', ({ start }) => {
    const app = useAppOnStorage(backend, start);
    let t: TestApp;
    beforeAll(() => {
      t = app();
    });

    it('stores each file, serves it back byte for byte, and walks the states', async () => {
      const { cookie } = await aSignedInUser(t);
      const created = await t.http().post('/v1/users/@me/characters').set('Cookie', cookie).send(aCharacterInput());
      expect(created.status).toBe(201);
      const path = `/v1/users/@me/characters/${created.body.characterId}`;
      const avatar = await aPng(42, 50, { r: 10, g: 20, b: 30 });
      const fullBody = await aPng(40, 90, { r: 90, g: 20, b: 30 });
      const signature = await aPng(120, 40, { r: 0, g: 0, b: 0 });
      const glb = aGlb({ asset: { version: '2.0', generator: 'test' } });

      const patched = await t
        .http()
        .patch(`${path}?signature=true`)
        .set('Cookie', cookie)
        .field('data', JSON.stringify({ firstNames: 'Lucía', age: 31 }))
        .field('avatar3D', JSON.stringify(AVATAR_3D))
        .attach('avatar', avatar, 'avatar.png')
        .attach('fullBody', fullBody, 'full.png')
        .attach('avatar3dGlb', glb, 'model.glb')
        .attach('signature', signature, 'signature.png');
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        firstNames: 'Lucía',
        age: 31,
        avatarHash: `${sha256(avatar)}.png`,
        fullBodyHash: `${sha256(fullBody)}.png`,
        avatar3dHash: `${sha256(glb)}.glb`,
        avatar3dCamera: AVATAR_3D.camera,
        avatar3dAABB: AVATAR_3D.aabb,
        signatureData: `data:image/png;base64,${signature.toString('base64')}`,
        idStatus: 'draft',
      });

      const served: [string, string, Buffer, string][] = [
        ['avatar-bust', patched.body.avatarHash, avatar, 'image/png'],
        ['avatar', patched.body.fullBodyHash, fullBody, 'image/png'],
        ['avatars3d', patched.body.avatar3dHash, glb, 'model/gltf-binary'],
      ];
      for (const [type, hash, bytes, contentType] of served) {
        const response = await bytesOf(t.http().get(`/v1/images/${type}/${hash}`));
        expect(response.status).toBe(200);
        expect(response.body.equals(bytes)).toBe(true);
        expect(response.headers).toMatchObject({
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          'cdn-cache-control': 'max-age=31536000',
          'x-content-type-options': 'nosniff',
          etag: `"${sha256(bytes)}"`,
        });
      }

      const submit = () => t.http().post(`${path}/submit`).set('Cookie', cookie);
      const cancel = () => t.http().post(`${path}/cancel`).set('Cookie', cookie);
      expect((await submit()).body.idStatus).toBe('pending_approval');
      const locked = await t.http().patch(path).set('Cookie', cookie).attach('avatar', fullBody, 'a.png');
      expect(locked.status).toBe(403);
      expect(locked.body).toEqual({ error: 'Character Pending Approval' });
      const cancelled = await cancel();
      expect([cancelled.status, cancelled.body.idStatus]).toEqual([201, 'draft']);
      const again = await cancel();
      expect([again.status, again.text ?? '']).toEqual([304, '']);
      const resubmitted = await submit();
      expect([resubmitted.status, resubmitted.body.idStatus]).toEqual([201, 'pending_approval']);
      expect(resubmitted.body.avatarHash).toBe(`${sha256(avatar)}.png`);
    });

    it('never answers 200 for a stored file under a malformed name or the wrong type', async () => {
      const { user, cookie } = await aSignedInUser(t);
      const character = await aCharacter(t, user);
      const png = await aPng(12, 12);
      const patched = await t.http().patch(`/v1/users/@me/characters/${character.id}`).set('Cookie', cookie).attach('avatar', png, 'a.png');
      const hash = sha256(png);
      expect((await t.http().get(`/v1/images/avatar-bust/${hash}.png`)).status).toBe(200);
      for (const path of [
        `avatar-bust/${hash.toUpperCase()}.png`,
        `avatar-bust/${hash}.glb`,
        `avatar-bust/${hash}.PNG`,
        `avatar/${hash}.png`,
        `avatars3d/${hash}.png`,
        `avatar-bust/..%2Favatar-bust%2F${hash}.png`,
        `avatar-bust%2F${hash}.png`,
        `ids/..%2Favatar-bust%2F${hash}.png`,
        `avatar-bust/../avatar-bust/${hash}.png/..`,
      ]) {
        expect([path, (await t.http().get(`/v1/images/${path}`)).status]).not.toEqual([path, 200]);
      }
      expect(patched.body.avatarHash).toBe(`${hash}.png`);
    });
  });

  describe('a request with any invalid part changes nothing', () => {
    let t: TestApp;
    let png: Buffer;
    let bomb: Buffer;

    beforeAll(async () => {
      t = await createTestApp(backend);
      png = await aPng(16, 16);
      bomb = await aPngDeclaring(100_000, 100_000);
    });
    afterAll(() => t.close());

    type Patch = ReturnType<ReturnType<TestApp['http']>['patch']>;
    /** Each case sends valid parts beside its one bad part, so that only the bad one can be blamed. */
    const withGoodParts = (request: Patch) =>
      request.field('data', JSON.stringify({ age: 44 })).attach('fullBody', png, 'full.png');

    it.each<[string, string, (request: Patch) => Patch]>([
      ['a text file named .png', 'avatar', (r) => withGoodParts(r).attach('avatar', Buffer.from('not an image'), 'a.png')],
      ['a truncated PNG', 'avatar', (r) => withGoodParts(r).attach('avatar', png.subarray(0, png.length - 20), 'a.png')],
      ['a PNG declaring 100000×100000', 'avatar', (r) => withGoodParts(r).attach('avatar', bomb, 'a.png')],
      ['an oversize avatar', 'avatar', (r) => withGoodParts(r).attach('avatar', Buffer.alloc(8 * MIB + 1), 'a.png')],
      ['an oversize signature', 'signature', (r) => withGoodParts(r).attach('signature', Buffer.alloc(MIB + 1), 's.png')],
      ['a JPEG as signature', 'signature', (r) => withGoodParts(r).attach('signature', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 's.png')],
      ['a non-glTF .glb', 'avatar3dGlb', (r) => withGoodParts(r).attach('avatar3dGlb', Buffer.from('solid cube\nendsolid'), 'm.glb')],
      ['a PNG as the .glb', 'avatar3dGlb', (r) => withGoodParts(r).attach('avatar3dGlb', png, 'm.glb')],
      ['glTF version 1', 'avatar3dGlb', (r) => withGoodParts(r).attach('avatar3dGlb', aGlb({ asset: { version: '1.0' } }), 'm.glb')],
      ['an unknown file field', 'passport', (r) => withGoodParts(r).attach('passport', png, 'p.png')],
      ['a file field sent twice', 'fullBody', (r) => withGoodParts(r).attach('fullBody', png, 'again.png')],
      ['malformed data JSON', 'data', (r) => r.field('data', '{"age": 44').attach('fullBody', png, 'full.png')],
      ['data that is not an object', 'data', (r) => r.field('data', '"Lucía"').attach('fullBody', png, 'full.png')],
      ['malformed avatar3D JSON', 'avatar3D', (r) => withGoodParts(r).field('avatar3D', '{"camera": {')],
      ['avatar3D with an extra key', 'avatar3D', (r) => withGoodParts(r).field('avatar3D', JSON.stringify({ ...AVATAR_3D, scale: 2 }))],
      ['avatar3D with a string coordinate', 'avatar3D', (r) =>
        withGoodParts(r).field('avatar3D', JSON.stringify({ ...AVATAR_3D, aabb: { ...AVATAR_3D.aabb, min: { x: '1', y: 0, z: 0 } } }))],
      ['avatar3D without fov', 'avatar3D', (r) =>
        withGoodParts(r).field('avatar3D', JSON.stringify({ ...AVATAR_3D, camera: { ...AVATAR_3D.camera, fov: undefined } }))],
      ['avatar3D with __proto__', 'avatar3D', (r) =>
        withGoodParts(r).field('avatar3D', JSON.stringify(AVATAR_3D).replace('"fov":70', '"fov":70,"__proto__":{"x":1}'))],
      ['an unknown text field', 'nickname', (r) => withGoodParts(r).field('nickname', 'Lu')],
      ['dob 2023-02-30', 'dob', (r) => r.field('data', JSON.stringify({ dob: '2023-02-30' })).attach('fullBody', png, 'full.png')],
      ['an unknown nationality', 'nationality', (r) => r.field('data', JSON.stringify({ nationality: 'Narniano' })).attach('fullBody', png, 'full.png')],
      ['an unknown field inside data', 'idStatus', (r) => r.field('data', JSON.stringify({ idStatus: 'approved' })).attach('fullBody', png, 'full.png')],
      ['a name of one letter', 'lastNames', (r) => r.field('data', JSON.stringify({ lastNames: 'X' })).attach('fullBody', png, 'full.png')],
    ])('refuses %s with 400 naming %s', async (_, field, build) => {
      const { user, cookie } = await aSignedInUser(t);
      const character = await aCharacter(t, user);
      const before = await storedFiles(t);
      const response = await build(t.http().patch(`/v1/users/@me/characters/${character.id}`).set('Cookie', cookie));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
      expect(response.body.details).toContainEqual({ field, message: expect.any(String) });
      const after = await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: character.id });
      expect(after).toEqual(character);
      expect(await storedFiles(t)).toEqual(before);
    });

    it('stores nothing for an edit refused by the character’s state', async () => {
      const { user, cookie } = await aSignedInUser(t);
      const character = await aCharacter(t, user, { idStatus: 'approved' });
      const before = await storedFiles(t);
      const response = await t
        .http()
        .patch(`/v1/users/@me/characters/${character.id}`)
        .set('Cookie', cookie)
        .attach('avatar', await aPng(9, 9), 'a.png');
      expect(response.status).toBe(403);
      expect(await storedFiles(t)).toEqual(before);
    });
  });
});
