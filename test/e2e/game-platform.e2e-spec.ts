import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGamePlatformLink, aUser, signIn } from '../support/factories';
import { A_3D_DESCRIPTION, type FakeThumbnails, startFakeThumbnails, type ThumbnailScript } from '../support/fake-thumbnails';
import { bytesOf } from '../support/files';

const AVATAR_FAILURE = { error: "Could not retrieve the user's avatar-bust" };
const AVATAR_3D_FAILURE = { error: "Could not retrieve the user's avatar-3d" };
const KINDS = [
  { kind: 'avatar', size: '720x720' },
  { kind: 'avatar-bust', size: '420x420' },
] as const;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file under the app's storage folder, as `<type>/<name>`. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = t.config.storageUrl.slice('file:'.length);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

describeEachBackend('game-platform avatars', (backend) => {
  let fake: FakeThumbnails;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeThumbnails();
    t = await createTestApp(backend, {
      env: { GAMEPLATFORM_THUMBNAILS_URL: fake.url, GAMEPLATFORM_IMAGE_ORIGINS: fake.url, UPSTREAM_TIMEOUT_MS: '500' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.script());

  /** A fresh signed-in user with a linked game-platform account, so rate limits never carry over. */
  async function linkedCaller() {
    const user = await aUser(t);
    const link = await aGamePlatformLink(t, user);
    return { user, platformId: link.externalId, cookie: await signIn(t, user) };
  }

  it.each(KINDS)('stores the $kind, answers its address and serves it back byte for byte', async ({ kind, size }) => {
    const { platformId, cookie } = await linkedCaller();
    const response = await t.http().get(`/v1/users/@me/gameplatform/${kind}`).set('Cookie', cookie);
    expect(response.status).toBe(200);
    const png = fake.pngs[kind];
    expect(response.body).toEqual({ imageUrl: `${t.url}/v1/images/${kind}/${sha256(png)}.png` });
    expect(fake.requests[0]).toBe(`/v1/users/${kind}?userIds=${platformId}&size=${size}&format=Png`);
    const served = await bytesOf(t.http().get(new URL(response.body.imageUrl).pathname));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.body.equals(png)).toBe(true);
    expect(await storedFiles(t)).toContain(`${kind}/${sha256(png)}.png`);
  });

  it.each(KINDS)('sends the $kind PNG itself with download=true, storing nothing', async ({ kind }) => {
    const { user, cookie } = await linkedCaller();
    const before = await storedFiles(t);
    const response = await bytesOf(t.http().get(`/v1/users/${user.id}/gameplatform/${kind}?download=true`).set('Cookie', cookie));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body.equals(fake.pngs[kind])).toBe(true);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('answers the 3D description in the contract shape, dropping what the platform adds', async () => {
    const { platformId, cookie } = await linkedCaller();
    fake.script({ description: { ...A_3D_DESCRIPTION, extra: 'not ours', camera: { ...A_3D_DESCRIPTION.camera, tilt: 3 } } });
    const response = await t.http().get('/v1/users/@me/gameplatform/avatar-3d').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(A_3D_DESCRIPTION);
    expect(fake.requests).toEqual([`/v1/users/avatar-3d?userId=${platformId}`, '/3d.json']);
  });

  it('asks again while the thumbnail is Pending and succeeds once it is Completed', async () => {
    const { cookie } = await linkedCaller();
    fake.script({ states: ['Pending', 'Pending', 'Completed'] });
    const response = await t.http().get('/v1/users/@me/gameplatform/avatar-bust').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body.imageUrl).toContain(sha256(fake.pngs['avatar-bust']));
    expect(fake.requests.filter((path) => path.startsWith('/v1/users/avatar-bust'))).toHaveLength(3);
  });

  const failures: { name: string; path: string; script: Partial<ThumbnailScript>; error: object }[] = [
    { name: 'Pending forever', path: 'avatar', script: { states: ['Pending'] }, error: AVATAR_FAILURE },
    { name: 'an upstream 500', path: 'avatar-bust', script: { status: 500 }, error: AVATAR_FAILURE },
    { name: 'a hang past the timeout', path: 'avatar', script: { hang: 'thumbnail' }, error: AVATAR_FAILURE },
    { name: 'an image that never comes', path: 'avatar-bust', script: { hang: 'image' }, error: AVATAR_FAILURE },
    { name: 'a non-PNG body', path: 'avatar', script: { image: Buffer.from('<html>not a png</html>') }, error: AVATAR_FAILURE },
    { name: 'a Blocked state', path: 'avatar-bust', script: { states: ['Blocked'] }, error: AVATAR_FAILURE },
    { name: 'an answer that is not JSON', path: 'avatar', script: { thumbnailBody: '<html>' }, error: AVATAR_FAILURE },
    { name: 'an answer for another user', path: 'avatar', script: { thumbnailBody: '{"data":[{"targetId":1,"state":"Completed","imageUrl":"http://127.0.0.1:1/x.png"}]}' }, error: AVATAR_FAILURE },
    { name: 'a 3D upstream 500', path: 'avatar-3d', script: { status: 500 }, error: AVATAR_3D_FAILURE },
    { name: 'a malformed 3D JSON', path: 'avatar-3d', script: { description: { ...A_3D_DESCRIPTION, aabb: { min: { x: 0, y: 0 } } } }, error: AVATAR_3D_FAILURE },
    { name: 'a 3D JSON with a non-finite number', path: 'avatar-3d', script: { description: JSON.stringify(A_3D_DESCRIPTION).replace('"fov":70', '"fov":1e999') }, error: AVATAR_3D_FAILURE },
    { name: 'a 3D description that is not JSON', path: 'avatar-3d', script: { description: '{"obj":' }, error: AVATAR_3D_FAILURE },
  ];

  it.each(failures)('answers $name with the contract 500 in time and stores nothing', async ({ path, script, error }) => {
    const { cookie } = await linkedCaller();
    fake.script(script);
    const before = await storedFiles(t);
    const started = Date.now();
    const response = await t.http().get(`/v1/users/@me/gameplatform/${path}`).set('Cookie', cookie);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(response.status).toBe(500);
    expect(response.body).toEqual(error);
    expect(await storedFiles(t)).toEqual(before);
  }, 20_000);

  // localhost and 127.0.0.1 reach the same fake, but only the latter's origin is allowed.
  const elsewhere = () => fake.url.replace('127.0.0.1', 'localhost');
  it.each([
    { name: 'an image at another origin', path: 'avatar', imageBase: elsewhere, error: AVATAR_FAILURE },
    { name: 'a 3D description at another origin', path: 'avatar-3d', imageBase: elsewhere, error: AVATAR_3D_FAILURE },
    { name: 'an image behind a redirect', path: 'avatar-bust', imageBase: () => `${fake.url}/redirect`, error: AVATAR_FAILURE },
    { name: 'a 3D description behind a redirect', path: 'avatar-3d', imageBase: () => `${fake.url}/redirect`, error: AVATAR_3D_FAILURE },
  ])('refuses $name like an unusable image, fetching nothing more', async ({ path, imageBase, error }) => {
    const { cookie } = await linkedCaller();
    fake.script({ imageBase: imageBase() });
    const before = await storedFiles(t);
    const response = await t.http().get(`/v1/users/@me/gameplatform/${path}`).set('Cookie', cookie);
    expect(response.status).toBe(500);
    expect(response.body).toEqual(error);
    expect(fake.requests.filter((request) => request.startsWith('/images/') || request === '/3d.json')).toEqual([]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('needs a session', async () => {
    const response = await t.http().get('/v1/users/@me/gameplatform/avatar');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: 'Unauthorized' });
  });

  it.each(['avatar', 'avatar-bust', 'avatar-3d'])('refuses %s without a linked gameplatform account', async (path) => {
    const cookie = await signIn(t, await aUser(t));
    const response = await t.http().get(`/v1/users/@me/gameplatform/${path}`).set('Cookie', cookie);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Forbidden' });
    expect(fake.requests).toEqual([]);
  });

  it("refuses another user's avatar", async () => {
    const { cookie } = await linkedCaller();
    const other = await linkedCaller();
    const response = await t.http().get(`/v1/users/${other.user.id}/gameplatform/avatar?download=true`).set('Cookie', cookie);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Unauthorized' });
    expect(fake.requests).toEqual([]);
  });

  it("answers an unknown or malformed user id like another user's, whether or not that user exists", async () => {
    const { cookie } = await linkedCaller();
    for (const userId of ['123456789012345678', 'nobody', '0', '-1']) {
      const response = await t.http().get(`/v1/users/${userId}/gameplatform/avatar-3d`).set('Cookie', cookie);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    }
    expect(fake.requests).toEqual([]);
  });

  it('allows 5 calls a minute and answers the 6th with 429', async () => {
    const { cookie } = await linkedCaller();
    for (let call = 1; call <= 5; call++) {
      const response = await t.http().get('/v1/users/@me/gameplatform/avatar-bust?download=true').set('Cookie', cookie);
      expect(response.status).toBe(200);
    }
    const sixth = await t.http().get('/v1/users/@me/gameplatform/avatar-bust?download=true').set('Cookie', cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it('documents the three endpoints', async () => {
    const { body } = await t.http().get('/v1/openapi.json');
    const paths = ['avatar', 'avatar-bust', 'avatar-3d'].map((path) => body.paths[`/v1/users/{userId}/gameplatform/${path}`]?.get);
    for (const operation of paths) expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '429', '500']);
    expect(Object.keys(paths[0].responses['200'].content).sort()).toEqual(['application/json', 'image/png']);
    expect(JSON.stringify(body.paths)).not.toContain('/dev/');
  });
});
