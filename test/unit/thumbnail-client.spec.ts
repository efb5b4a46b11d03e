import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../../src/config/config';
import { DEFAULT_THUMBNAIL_RETRY, ThumbnailClient } from '../../src/game-platform/thumbnail-client';
import { fetchBytes } from '../../src/game-platform/upstream-fetch';
import { A_3D_DESCRIPTION, type FakeThumbnails, startFakeThumbnails, type ThumbnailScript } from '../support/fake-thumbnails';

/** Each failure is caught for its own reason, which is what the log says. */
describe('thumbnail client', () => {
  let fake: FakeThumbnails;
  let client: ThumbnailClient;

  beforeAll(async () => {
    fake = await startFakeThumbnails();
    const config = parseConfig({ NODE_ENV: 'test', GAMEPLATFORM_THUMBNAILS_URL: fake.url, GAMEPLATFORM_IMAGE_ORIGINS: fake.url, UPSTREAM_TIMEOUT_MS: '200' });
    client = new ThumbnailClient(config, { ...DEFAULT_THUMBNAIL_RETRY, pendingBudgetMs: 600, firstDelayMs: 50 });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.script());

  it('keeps to the Pending budget it is given', async () => {
    fake.script({ states: ['Pending'] });
    const started = Date.now();
    // On a loaded machine the last ask, capped by what is left of the budget, may time out instead.
    await expect(client.avatarPng('avatar', '7')).rejects.toThrow(/still Pending after 600 ms|did not answer in time/);
    // Far below the default 10 s budget: the given one was kept, whatever the machine's load.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
  });

  it.each<[string, Partial<ThumbnailScript>]>([
    ['answered HTTP 503', { status: 503 }],
    ['did not answer in time', { hang: 'thumbnail' }],
    ['did not answer in time', { hang: 'image' }],
    ['image must be a PNG image', { image: Buffer.from('GIF89a') }],
    ['thumbnail state is "Error"', { states: ['Error'] }],
    ['thumbnail answer is malformed at "data"', { thumbnailBody: '{"data":[]}' }],
    ['imageUrl origin null is not allowed', { thumbnailBody: '{"data":[{"targetId":7,"state":"Completed","imageUrl":"file:///etc/passwd"}]}' }],
    ['imageUrl origin https://cdn.example.com is not allowed', { imageBase: 'https://cdn.example.com' }],
    ['answered HTTP 302', { imageBase: 'REDIRECT' }],
    ['answered for another user', { thumbnailBody: '{"data":[{"targetId":8,"state":"Completed","imageUrl":"http://x/"}]}' }],
  ])('refuses an avatar: %s', async (reason, script) => {
    fake.script({ ...script, imageBase: script.imageBase === 'REDIRECT' ? `${fake.url}/redirect` : script.imageBase });
    await expect(client.avatarPng('avatar', '7')).rejects.toThrow(reason);
  });

  it.each<[string, unknown]>([
    ['camera.fov', JSON.stringify(A_3D_DESCRIPTION).replace('"fov":70', '"fov":1e999')],
    ['textures.0', { ...A_3D_DESCRIPTION, textures: [1] }],
    ['obj', { ...A_3D_DESCRIPTION, obj: undefined }],
    ['', '[]'],
  ])('refuses a 3D description malformed at "%s"', async (path, description) => {
    fake.script({ description });
    await expect(client.avatar3d('7')).rejects.toThrow(`3D description is malformed at "${path}"`);
  });
});

describe('bounded upstream reads', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // Chunked, so no Content-Length warns of the size: the limit must hold while reading.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      response.write(Buffer.alloc(600));
      response.end(Buffer.alloc(600));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('stops reading past the limit', async () => {
    await expect(fetchBytes(url, { timeoutMs: 1000, maxBytes: 1000 })).rejects.toThrow('sent more than 1000 bytes');
    expect(await fetchBytes(url, { timeoutMs: 1000, maxBytes: 1200 })).toHaveLength(1200);
  });

  it('refuses a declared size past the limit before reading', async () => {
    const fake = await startFakeThumbnails();
    try {
      await expect(fetchBytes(`${fake.url}/images/avatar.png`, { timeoutMs: 1000, maxBytes: 100 })).rejects.toThrow(/declared \d+ bytes/);
    } finally {
      await fake.close();
    }
  });
});
