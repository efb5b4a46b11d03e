import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aPng } from './files';

/** How the fake answers, set per test with `script`. */
export interface ThumbnailScript {
  /** States answered one after the other by the thumbnail endpoints; the last one repeats. */
  states: string[];
  /** HTTP status of the thumbnail endpoints. */
  status: number;
  /** Where the fake accepts the request and never answers. */
  hang?: 'thumbnail' | 'image';
  /** Raw body of the thumbnail endpoints, in place of the generated JSON. */
  thumbnailBody?: string;
  /** Bytes served at both PNG image URLs, in place of the real PNGs. */
  image?: Buffer;
  /** What the 3D image URL serves: a string as it is, anything else as JSON. */
  description: unknown;
  /** Put before the image paths in the answered `imageUrl`s in place of the fake's own address. */
  imageBase?: string;
}

export interface FakeThumbnails {
  url: string;
  /** The PNGs served by default: 720×720 and 420×420. */
  pngs: { avatar: Buffer; 'avatar-bust': Buffer };
  /** Path and query of every request since the last `script`. */
  requests: string[];
  /** Resets the fake to its defaults plus the overrides, and forgets past requests. */
  script(overrides?: Partial<ThumbnailScript>): void;
  close(): Promise<void>;
}

export const A_3D_DESCRIPTION = {
  obj: '30b0f3b8c0f6c2d7d6f1a8e4b2c9d1e0',
  mtl: '7a1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b',
  textures: ['c1b2a3f4e5d6c7b8a9f0e1d2c3b4a5f6', 'e5d6c7b8a9f0e1d2c3b4a5f6c1b2a3f4'],
  camera: { position: { x: 0.5, y: 103.25, z: -14.75 }, direction: { x: 0, y: 0.25, z: 0.97 }, fov: 70 },
  aabb: { min: { x: -2.1, y: 100, z: -1 }, max: { x: 2.1, y: 105.5, z: 1.2 } },
};

/**
 * A real HTTP server standing in for the game platform's thumbnail service (decisions §4.12):
 * `/v1/users/avatar`, `/v1/users/avatar-bust` and `/v1/users/avatar-3d`, plus the image URLs they
 * point at, answering as the current script says. `/redirect/<path>` answers 302 to `/<path>`.
 */
export async function startFakeThumbnails(): Promise<FakeThumbnails> {
  const pngs = { avatar: await aPng(720, 720, { r: 30, g: 140, b: 200 }), 'avatar-bust': await aPng(420, 420, { r: 220, g: 90, b: 60 }) };
  let script: ThumbnailScript;
  let answered = 0;
  const fake: FakeThumbnails = {
    url: '',
    pngs,
    requests: [],
    script(overrides = {}) {
      script = { states: ['Completed'], status: 200, description: A_3D_DESCRIPTION, ...overrides };
      answered = 0;
      fake.requests = [];
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  fake.script();

  const nextState = () => script.states[Math.min(answered++, script.states.length - 1)];
  const thumbnail = (targetId: string | null, imagePath: string) => {
    if (script.thumbnailBody !== undefined) return script.thumbnailBody;
    const state = nextState();
    const entry = { targetId: Number(targetId), state, imageUrl: state === 'Completed' ? `${script.imageBase ?? fake.url}${imagePath}` : '' };
    return JSON.stringify(imagePath === '/3d.json' ? entry : { data: [entry] });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    const isImage = url.pathname.startsWith('/images/') || url.pathname === '/3d.json';
    if (script.hang === (isImage ? 'image' : 'thumbnail')) return;
    if (url.pathname.startsWith('/redirect/')) {
      response.writeHead(302, { Location: url.pathname.slice('/redirect'.length) });
      return response.end();
    }
    if (!isImage && script.status !== 200) return send(response, script.status, 'application/json', '{"errors":[{"code":0,"message":"fake failure"}]}');
    switch (url.pathname) {
      case '/v1/users/avatar':
        return send(response, 200, 'application/json', thumbnail(url.searchParams.get('userIds'), '/images/avatar.png'));
      case '/v1/users/avatar-bust':
        return send(response, 200, 'application/json', thumbnail(url.searchParams.get('userIds'), '/images/avatar-bust.png'));
      case '/v1/users/avatar-3d':
        return send(response, 200, 'application/json', thumbnail(url.searchParams.get('userId'), '/3d.json'));
      case '/images/avatar.png':
        return send(response, 200, 'image/png', script.image ?? pngs.avatar);
      case '/images/avatar-bust.png':
        return send(response, 200, 'image/png', script.image ?? pngs['avatar-bust']);
      case '/3d.json': {
        const { description } = script;
        return send(response, 200, 'application/json', typeof description === 'string' ? description : JSON.stringify(description));
      }
      default:
        return send(response, 404, 'application/json', '{"errors":[{"code":0,"message":"NotFound"}]}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}
