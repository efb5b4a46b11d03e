import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aPlayer } from '../support/factories';
import { floodRequest, multipartOf } from '../support/raw-http';

const MIB = 1024 * 1024;
const ANNOUNCED = 500 * MIB;
/** The head of a request, the linger of decisions §13 (1 MiB) and a socket read's worth of slack. */
const MOST_READ_AFTER_ANSWER = 1 * MIB + 256 * 1024 + 4096;

/** Decisions §13: bodies over their route's limit cost the server nothing, and neither does what is left unread. */
describeEachBackend('bodies over the limit', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => t.close());

  const tooLarge = { error: 'Payload Too Large' };

  it.each([
    ['a route that does not exist', 'POST', '/v1/no-such-route', 'application/octet-stream'],
    ['a route that takes JSON', 'POST', '/v1/oauth/chatapp', 'application/json'],
    ['a route that takes no body', 'GET', '/v1/nationalities', 'application/json'],
    ['a multipart body to a route that takes no upload', 'POST', '/v1/oauth/chatapp', 'multipart/form-data; boundary=x'],
  ])('answers a Content-Length over the limit on %s with 413 before reading a byte, then closes', async (_name, method, path, type) => {
    const flood = floodRequest(t, { method, path, headers: { 'Content-Type': type } }, ANNOUNCED);
    const response = await flood.response;
    expect(flood.sent()).toBe(0);
    expect(response).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(JSON.parse(response.body)).toEqual(tooLarge);
    flood.startBody();
    const { serverRead } = await flood.closed;
    expect(serverRead).toBeLessThan(MOST_READ_AFTER_ANSWER);
  });

  it('cuts a chunked body at the limit with 413 and reads little more', async () => {
    const flood = floodRequest(t, { method: 'POST', path: '/v1/oauth/chatapp', headers: { 'Content-Type': 'application/json' } }, ANNOUNCED, true);
    flood.startBody();
    const [response, { serverRead, afterMs }] = await Promise.all([flood.response, flood.closed]);
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual(tooLarge);
    expect(serverRead).toBeLessThan(100 * 1024 + MOST_READ_AFTER_ANSWER);
    expect(afterMs).toBeLessThan(3000);
  });

  it('drains at most 1 MiB of the body of an upload refused before reading it, then closes', async () => {
    const [owner, other] = [await aPlayer(t), await aPlayer(t)];
    const { contentType } = multipartOf({ data: '{}' }, {});
    const path = `/v1/users/${owner.user.id}/characters/${owner.character.id}`;
    const flood = floodRequest(t, { method: 'PATCH', path, headers: { Cookie: other.cookie, 'Content-Type': contentType } }, 30 * MIB);
    flood.startBody();
    const [response, { serverRead }] = await Promise.all([flood.response, flood.closed]);
    expect(response).toMatchObject({ status: 403, headers: { connection: 'close' } });
    expect(serverRead).toBeLessThan(MOST_READ_AFTER_ANSWER + 256 * 1024);
  });

  it('closes within 2 s a connection whose client sends the rest of a refused body slowly', async () => {
    const flood = floodRequest(t, { method: 'POST', path: '/v1/no-such-route', headers: { 'Content-Type': 'text/plain' } }, 0, true);
    const response = await flood.response;
    expect(response).toMatchObject({ status: 404, headers: { connection: 'close' } });
    const trickle = setInterval(() => flood.send(Buffer.from('400\r\n' + 'x'.repeat(1024) + '\r\n')), 50);
    const { afterMs } = await flood.closed;
    clearInterval(trickle);
    expect(afterMs).toBeLessThan(3000);
  });
});
