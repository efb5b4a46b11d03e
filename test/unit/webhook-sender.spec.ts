import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postToTarget } from '../../src/webhooks/webhook-sender';
import { vetWebhookUrl } from '../../src/webhooks/webhook-url';

describe('webhook sender', () => {
  let server: Server;
  let port: number;
  const hosts: (string | undefined)[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hosts.push(request.headers.host);
      response.writeHead(request.url === '/busy' ? 503 : 204, request.url === '/busy' ? { 'retry-after': '7' } : {}).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the vetted address whatever the name resolves to now, keeping the name in Host', async () => {
    const url = new URL(`http://rebound.invalid:${port}/hook`);
    const result = await postToTarget({ url, address: '127.0.0.1', family: 4 }, { body: '{}', headers: {} });
    expect(result).toEqual({ ok: true, statusCode: 204, error: null, retryAfterMs: null });
    expect(hosts.pop()).toBe(`rebound.invalid:${port}`);
  });

  it('reports a refusal with its Retry-After, and an unreachable target as an error', async () => {
    const url = new URL(`http://127.0.0.1:${port}/busy`);
    expect(await postToTarget({ url, address: '127.0.0.1', family: 4 }, { body: '{}', headers: {} })).toEqual({
      ok: false,
      statusCode: 503,
      error: 'HTTP 503',
      retryAfterMs: 7000,
    });
    const closed = await postToTarget({ url: new URL('http://127.0.0.1:1/x'), address: '127.0.0.1', family: 4 }, { body: '{}', headers: {} });
    expect(closed).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('vets names by every address they resolve to', async () => {
    await expect(vetWebhookUrl('https://localhost/x', false)).rejects.toThrow('loopback, private or link-local');
    await expect(vetWebhookUrl(`http://localhost:${port}/x`, true)).resolves.toMatchObject({ address: expect.any(String) });
    await expect(vetWebhookUrl('https://8.8.8.8/x', false)).resolves.toMatchObject({ address: '8.8.8.8', family: 4 });
  });
});
