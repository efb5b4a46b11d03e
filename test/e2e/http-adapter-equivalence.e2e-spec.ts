/**
 * The application's HTTP adapter answers exactly as Nest's stock one.
 *
 * The same application is built twice on one database and one file store: once with
 * `JsonExpressAdapter` (what main.ts runs) and once with Nest's `ExpressAdapter`, and the same
 * requests go to both over real sockets. Status, headers (name, value and order) and body bytes
 * must match. What the adapter replaces, and what would let it go:
 *
 * - `initHttpServer` / `expressMessageOptions`: a server whose requests and responses carry
 *   Express's prototypes from the start, so Express's per-request `Object.setPrototypeOf` (which
 *   carried every request into V8's old generation) changes nothing. Delete it once Express stops
 *   swapping prototypes per request (expressjs/express#5998).
 * - `reply` / `sendJson`: a handler's plain JSON in one write, where `res.json` looked up
 *   settings, rebuilt the Content-Type, checked freshness and wrote the body as a second chunk.
 *   Delete it when `res.json` costs no more than that.
 *
 * The middleware that `configureApp` installs (JSON bodies, lazy cookies, CORS, the request log,
 * unread bodies, the origin check, middleware errors) runs under both adapters alike, so it is
 * not what differs here; the answers it gives are pinned by the specs of the behaviour itself.
 *
 * Compared as they are, except:
 * - `Date`: the clock's second, which may turn between the two requests;
 * - in `Set-Cookie`, the token values (random per session) and the `Expires` date (the clock):
 *   the names and every other attribute are compared.
 * Every request carries its own `X-Request-Id`, which is echoed, so that header is compared too.
 */
import { Agent, request as httpRequest } from 'node:http';
import { ExpressAdapter } from '@nestjs/platform-express';
import { StoredImages } from '../../src/images/stored-images.service';
import { JsonExpressAdapter } from '../../src/infrastructure/http/json-adapter';
import type { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser, signIn } from '../support/factories';
import { aPng } from '../support/files';
import { multipartOf } from '../support/raw-http';
import { signInThroughDevProvider } from '../support/sign-in';

const SITE = 'http://site.example';

interface Sent {
  /** On a kept-alive connection (the server's keep-alive headers), rather than one closed after the answer. */
  keepAlive?: boolean;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

interface Answer {
  status: number;
  /** Lower-cased names, in the order they came on the wire, volatile values masked. */
  headers: [string, string][];
  body: string;
}

/** One request on its own connection; the answer as it came over the wire. */
function exchange(t: TestApp, id: string, { keepAlive = false, method = 'GET', path, headers = {}, body }: Sent): Promise<Answer> {
  const agent = keepAlive ? new Agent({ keepAlive: true }) : false;
  return new Promise<Answer>((resolve, reject) => {
    const sent = httpRequest(`${t.url}${path}`, { method, agent, headers: { 'X-Request-Id': id, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const textual = /json|text/.test(String(response.headers['content-type'] ?? ''));
        resolve({
          status: response.statusCode!,
          headers: comparable(response.rawHeaders),
          body: textual || bytes.length === 0 ? bytes.toString('utf8') : `<${bytes.length} bytes: ${bytes.toString('base64')}>`,
        });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  }).finally(() => agent && agent.destroy());
}

function comparable(raw: string[]): [string, string][] {
  const headers: [string, string][] = [];
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index].toLowerCase();
    if (name === 'date') continue;
    headers.push([name, name === 'set-cookie' ? maskCookie(raw[index + 1]) : raw[index + 1]]);
  }
  return headers;
}

/** A cookie's name and attributes, without its random value or the clock's expiry date. */
function maskCookie(line: string): string {
  const value = line.slice(line.indexOf('=') + 1, line.indexOf(';') < 0 ? undefined : line.indexOf(';'));
  return line.replace(`=${value}`, value === '' ? '=' : '=<token>').replace(/Expires=[^;]+/i, 'Expires=<date>');
}

interface Scenario {
  name: string;
  /** The request, prepared against the application it will go to (a session of its own, say). */
  request: (t: TestApp) => Promise<Sent> | Sent;
  status: number;
}

describeEachBackend('the stock Express adapter and ours answer alike', (backend) => {
  let ours: TestApp;
  let stock: TestApp;
  let browser: string;
  let pngPath: string;
  let etag: string;
  let characterPath: string;
  let owner: UserEntity;

  beforeAll(async () => {
    // Rate limits off: their counters are per instance, and the sign-in below runs on one.
    const env = { CORS_ORIGINS: SITE, RATE_LIMITS: 'off' };
    ours = await createTestApp(backend, { env });
    stock = await createTestApp(backend, {
      adapter: () => new ExpressAdapter(),
      env: {
        ...env,
        DATABASE_URL: ours.config.databaseUrl,
        STORAGE_URL: ours.config.storageUrl,
        // One public address, as behind one load balancer: the answers name it.
        PUBLIC_BASE_URL: ours.config.publicBaseUrl,
        ...(backend.redisUrl ? { REDIS_KEY_PREFIX: ours.config.redisKeyPrefix } : {}),
      },
    });
    browser = (await signInThroughDevProvider(ours, { username: 'equivalence', displayName: 'Équivalence ✓ 漢字' })).cookie;
    owner = await aUser(ours);
    characterPath = `/v1/users/@me/characters/${(await aCharacter(ours, owner)).id}`;
    const stored = await ours.app.get(StoredImages).store('avatar', await aPng(12, 9), 'png');
    pngPath = `/v1/images/avatar/${stored}`;
    etag = `"${stored.slice(0, 64)}"`;
  });
  afterAll(async () => {
    await stock?.close();
    await ours?.close();
  });

  const oversize = JSON.stringify({ text: 'x'.repeat(200 * 1024) });
  const anUpload = multipartOf({ data: '{"age":44}' }, { avatar: Buffer.from('not an image') });
  const nationalitiesEtag = () => ours.http().get('/v1/nationalities').then((response) => response.headers.etag as string);

  const scenarios: Scenario[] = [
    { name: 'health', status: 200, request: () => ({ path: '/v1/health' }) },
    { name: 'health on a kept-alive connection', status: 200, request: () => ({ path: '/v1/health', keepAlive: true }) },
    { name: 'health, HEAD', status: 200, request: () => ({ method: 'HEAD', path: '/v1/health' }) },
    { name: 'nationalities', status: 200, request: () => ({ path: '/v1/nationalities' }) },
    {
      name: 'nationalities with a matching If-None-Match',
      status: 304,
      request: async () => ({ path: '/v1/nationalities', headers: { 'If-None-Match': await nationalitiesEtag() } }),
    },
    {
      name: 'nationalities with a stale If-None-Match',
      status: 200,
      request: () => ({ path: '/v1/nationalities', headers: { 'If-None-Match': '"stale"' } }),
    },
    { name: 'an image', status: 200, request: () => ({ path: pngPath }) },
    { name: 'an image, revalidated', status: 304, request: () => ({ path: pngPath, headers: { 'If-None-Match': etag } }) },
    { name: 'an image not stored', status: 404, request: () => ({ path: `/v1/images/avatar/${'0'.repeat(64)}.png` }) },
    { name: 'an image of an unknown type', status: 400, request: () => ({ path: `/v1/images/posters/${'0'.repeat(64)}.png` }) },
    { name: '@me signed in with cookies', status: 200, request: () => ({ path: '/v1/users/@me', headers: { Cookie: browser } }) },
    {
      name: '@me on a kept-alive connection',
      status: 200,
      request: () => ({ path: '/v1/users/@me', headers: { Cookie: browser }, keepAlive: true }),
    },
    {
      name: '@me with If-None-Match: * (a representation exists)',
      status: 304,
      request: () => ({ path: '/v1/users/@me', headers: { Cookie: browser, 'If-None-Match': '*' } }),
    },
    {
      name: '@me with If-Modified-Since',
      status: 200,
      request: () => ({ path: '/v1/users/@me', headers: { Cookie: browser, 'If-Modified-Since': new Date().toUTCString() } }),
    },
    { name: '@me, HEAD', status: 200, request: () => ({ method: 'HEAD', path: '/v1/users/@me', headers: { Cookie: browser } }) },
    {
      name: 'a JSON POST with a malformed body',
      status: 400,
      request: () => ({ method: 'POST', path: '/v1/oauth/chatapp', headers: { 'Content-Type': 'application/json' }, body: '{"redirectUrl":' }),
    },
    {
      name: 'a JSON body over the limit',
      status: 413,
      request: () => ({ method: 'POST', path: '/v1/oauth/chatapp', headers: { 'Content-Type': 'application/json' }, body: oversize }),
    },
    {
      name: 'a body that fails validation',
      status: 400,
      request: () => ({ method: 'POST', path: '/v1/oauth/chatapp', headers: { 'Content-Type': 'application/json' }, body: '{"redirectUrl":7}' }),
    },
    { name: 'an unknown route', status: 404, request: () => ({ path: '/v1/no-such-thing' }) },
    { name: 'a known route with another method', status: 404, request: () => ({ method: 'DELETE', path: '/v1/nationalities' }) },
    {
      name: 'a CORS preflight',
      status: 204,
      request: () => ({
        method: 'OPTIONS',
        path: '/v1/users/@me',
        headers: { Origin: SITE, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'content-type' },
      }),
    },
    {
      name: 'a credentialed cross-origin read from an allowed origin',
      status: 200,
      request: () => ({ path: '/v1/users/@me', headers: { Origin: SITE, Cookie: browser } }),
    },
    {
      name: 'a POST with a session cookie from a foreign origin',
      status: 403,
      request: () => ({ method: 'POST', path: '/v1/oauth/logout', headers: { Origin: 'http://evil.example', Cookie: browser } }),
    },
    { name: '@me without a session', status: 401, request: () => ({ path: '/v1/users/@me' }) },
    { name: '@me with a malformed token', status: 401, request: () => ({ path: '/v1/users/@me', headers: { Cookie: 'access_token=j:{}' } }) },
    {
      name: 'a renewal from the refresh cookie alone',
      status: 200,
      request: async (t) => ({ path: '/v1/users/@me', headers: { Cookie: (await signIn(t, owner)).split('; ')[1] } }),
    },
    {
      name: 'a sign-out that clears the cookies',
      status: 204,
      request: async (t) => ({ method: 'POST', path: '/v1/oauth/logout', headers: { Origin: SITE, Cookie: await signIn(t, owner) } }),
    },
    {
      name: 'a multipart upload whose file is not an image',
      status: 400,
      request: async (t) => ({
        method: 'PATCH',
        path: characterPath,
        headers: { Cookie: await signIn(t, owner), 'Content-Type': anUpload.contentType },
        body: anUpload.body,
      }),
    },
  ];

  it('runs one application on each adapter', () => {
    expect(ours.app.getHttpAdapter()).toBeInstanceOf(JsonExpressAdapter);
    expect(stock.app.getHttpAdapter().constructor).toBe(ExpressAdapter);
  });

  it.each(scenarios)('$name', async ({ request, status }) => {
    const ourAnswer = await exchange(ours, 'equivalence', await request(ours));
    const stockAnswer = await exchange(stock, 'equivalence', await request(stock));
    expect(ourAnswer).toEqual(stockAnswer);
    expect(ourAnswer.status).toBe(status);
  });
});
