import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { StoredImages } from '../../src/images/stored-images.service';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend, type TestBackend } from '../support/backends';
import { aGlb, aPng, bytesOf } from '../support/files';
import { STORAGES, useAppOnStorage } from '../support/s3';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describeEachBackend('stored images', (backend: TestBackend) => {
  describe.each(STORAGES)('on $name storage', ({ name, start }) => {
    const app = useAppOnStorage(backend, start);
    let t: TestApp;
    beforeAll(() => {
      t = app();
    });

    it('serves a stored PNG byte for byte with the contract headers', async () => {
      const png = await aPng(40, 30);
      const hash = await t.app.get(StoredImages).store('avatar', png, 'png');
      expect(hash).toBe(`${sha256(png)}.png`);
      const response = await bytesOf(t.http().get(`/v1/images/avatar/${hash}`));
      expect(response.status).toBe(200);
      expect(response.body.equals(png)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        'cdn-cache-control': 'max-age=31536000',
        'x-content-type-options': 'nosniff',
        etag: `"${sha256(png)}"`,
        'content-length': String(png.length),
      });
    });

    it('serves a GLB as model/gltf-binary', async () => {
      const glb = aGlb();
      const hash = await t.app.get(StoredImages).store('avatars3d', glb, 'glb');
      const response = await bytesOf(t.http().get(`/v1/images/avatars3d/${hash}`));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('model/gltf-binary');
      expect(response.body.equals(glb)).toBe(true);
    });

    it('answers If-None-Match with 304 and no body', async () => {
      const hash = await t.app.get(StoredImages).store('icons', await aPng(8, 8), 'png');
      const first = await t.http().get(`/v1/images/icons/${hash}`);
      const again = await t.http().get(`/v1/images/icons/${hash}`).set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
    });

    it('writes the same bytes once and reads them back', async () => {
      const png = await aPng(5, 5);
      const images = t.app.get(StoredImages);
      const [a, b] = await Promise.all([images.store('ids', png, 'png'), images.store('ids', png, 'png')]);
      expect(a).toBe(b);
      expect((await images.read('ids', a))!.equals(png)).toBe(true);
      expect(images.url('ids', a)).toBe(`${t.url}/v1/images/ids/${a}`);
      if (name === 'disk') {
        const folder = join(t.config.storageUrl.slice('file:'.length), 'ids');
        expect((await readdir(folder)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
      }
    });

    it('answers 404 for a well-formed hash that is not stored, and for a type that does not hold it', async () => {
      const hash = await t.app.get(StoredImages).store('avatar', await aPng(3, 3), 'png');
      expect((await t.http().get(`/v1/images/avatar/${'0'.repeat(64)}.png`)).body).toEqual({ error: 'Unknown Image' });
      expect((await t.http().get(`/v1/images/icons/${hash}`)).status).toBe(404);
    });
  });

  describe('paths that are not stored names', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t.close());

    it('answers an unknown type with 400', async () => {
      const response = await t.http().get(`/v1/images/documents/${'a'.repeat(64)}.png`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid image type' });
    });

    it.each([
      `${'A'.repeat(64)}.png`,
      `${'a'.repeat(64)}.glb`,
      `${'a'.repeat(64)}.PNG`,
      `${'a'.repeat(63)}.png`,
      `${'a'.repeat(64)}`,
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2fplatform.sqlite',
      '%2e%2e',
      `${'a'.repeat(64)}.png.tmp`,
    ])('never answers 200 for avatar/%s', async (hash) => {
      const response = await t.http().get(`/v1/images/avatar/${hash}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown Image' });
    });

    it('answers a NUL byte in the name as a malformed path (decisions §13)', async () => {
      const response = await t.http().get(`/v1/images/avatar/${'a'.repeat(64)}.png%00`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'Invalid form of body', details: [expect.objectContaining({ field: expect.any(String) })] });
    });

    it('refuses .png in the 3D type', async () => {
      expect((await t.http().get(`/v1/images/avatars3d/${'a'.repeat(64)}.png`)).status).toBe(404);
    });

    it('never reads outside the store through dot segments', async () => {
      const response = await t.http().get('/v1/images/avatar/../../../etc/passwd');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('root:');
    });
  });
});
