import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGamePlatformLink, aUser, signIn } from '../support/factories';
import { bytesOf } from '../support/files';

describeEachBackend('development thumbnail service', (backend) => {
  let t: TestApp;

  // Development providers on (the test default) and no GAMEPLATFORM_THUMBNAILS_URL: the app reads its own.
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  async function linkedCookie(platformId: string): Promise<string> {
    const user = await aUser(t);
    await aGamePlatformLink(t, user, platformId);
    return signIn(t, user);
  }

  it('is what the client reads by default', () => {
    expect(t.config.gameplatformThumbnailsUrl).toBe(`${t.url}/dev/gameplatform/thumbnails`);
  });

  it('serves generated PNGs of the right sizes, different per user, through the real client', async () => {
    const first = await linkedCookie('1001');
    const stored = await t.http().get('/v1/users/@me/gameplatform/avatar').set('Cookie', first);
    expect(stored.status).toBe(200);
    const full = await bytesOf(t.http().get(new URL(stored.body.imageUrl).pathname));
    expect(await sharp(full.body).metadata()).toMatchObject({ format: 'png', width: 720, height: 720 });

    const bust = await bytesOf(t.http().get('/v1/users/@me/gameplatform/avatar-bust?download=true').set('Cookie', first));
    expect(bust.status).toBe(200);
    expect(await sharp(bust.body).metadata()).toMatchObject({ format: 'png', width: 420, height: 420 });

    const second = await linkedCookie('1002');
    const other = await bytesOf(t.http().get('/v1/users/@me/gameplatform/avatar-bust?download=true').set('Cookie', second));
    expect(other.status).toBe(200);
    expect(other.body.equals(bust.body)).toBe(false);
  });

  it('serves a 3D description in the contract shape', async () => {
    const response = await t.http().get('/v1/users/@me/gameplatform/avatar-3d').set('Cookie', await linkedCookie('1003'));
    expect(response.status).toBe(200);
    const vector = { x: expect.any(Number), y: expect.any(Number), z: expect.any(Number) };
    expect(response.body).toEqual({
      obj: expect.any(String),
      mtl: expect.any(String),
      textures: [expect.any(String)],
      camera: { position: vector, direction: vector, fov: expect.any(Number) },
      aabb: { min: vector, max: vector },
    });
  });

  it('refuses malformed requests with 400', async () => {
    const base = '/dev/gameplatform/thumbnails';
    for (const path of [`${base}/v1/users/avatar`, `${base}/v1/users/avatar?userIds=1&size=99999x99999`, `${base}/images/avatar/x.png`]) {
      expect((await t.http().get(path)).status).toBe(400);
    }
  });
});

describeEachBackend('without development providers', (backend) => {
  it('mounts no thumbnail service', async () => {
    const t = await createTestApp(backend, {
      env: { DEV_PROVIDERS: 'false', ...Object.fromEntries(providerEnv()), GAMEPLATFORM_THUMBNAILS_URL: 'http://127.0.0.1:9' },
    });
    try {
      expect((await t.http().get('/dev/gameplatform/thumbnails/v1/users/avatar?userIds=1')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

function providerEnv(): [string, string][] {
  return ['CHATAPP', 'GAMEPLATFORM'].flatMap((prefix) => [
    [`${prefix}_CLIENT_ID`, 'id'],
    [`${prefix}_CLIENT_SECRET`, 'secret'],
    [`${prefix}_AUTHORIZE_URL`, 'http://127.0.0.1:9/authorize'],
    [`${prefix}_TOKEN_URL`, 'http://127.0.0.1:9/token'],
    [`${prefix}_PROFILE_URL`, 'http://127.0.0.1:9/profile'],
  ]);
}
