import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Level } from 'pino';
import { requestLogging } from '../../src/infrastructure/request-logging';

/** A server whose every request goes through requestLogging; `/v1/health/ready` answers `readyStatus`. */
async function loggedServer(level: Level) {
  const lines: { level: number; msg: string; req: { url: string }; res: { statusCode: number } }[] = [];
  const root = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const state = { readyStatus: 200 };
  const logged = requestLogging(root);
  const server: Server = createServer((request, response) =>
    logged(request, response, () => {
      response.statusCode = request.url!.startsWith('/v1/health/ready') ? state.readyStatus : 200;
      response.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const answer = await fetch(`${base}${path}`);
    await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the line follows the response's close
    return answer.status;
  };
  return { lines, state, get, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('requestLogging', () => {
  it('logs a probe answered 2xx at debug only, and every other request at info', async () => {
    const server = await loggedServer('info');
    try {
      expect(await server.get('/v1/health')).toBe(200);
      expect(await server.get('/v1/health/ready?from=kubelet')).toBe(200);
      expect(server.lines).toEqual([]);
      expect(await server.get('/v1/nationalities')).toBe(200);
      expect(await server.get('/v1/health/other')).toBe(200);
      server.state.readyStatus = 503;
      expect(await server.get('/v1/health/ready')).toBe(503);
      expect(server.lines.map(({ level, msg, req, res }) => [level, msg, req.url, res.statusCode])).toEqual([
        [30, 'request completed', '/v1/nationalities', 200],
        [30, 'request completed', '/v1/health/other', 200],
        [30, 'request errored', '/v1/health/ready', 503],
      ]);
    } finally {
      await server.close();
    }
  });

  it('writes the probes at the debug level', async () => {
    const server = await loggedServer('debug');
    try {
      expect(await server.get('/v1/health')).toBe(200);
      expect(server.lines.map(({ level, msg, req }) => [level, msg, req.url])).toEqual([[20, 'request completed', '/v1/health']]);
    } finally {
      await server.close();
    }
  });
});
