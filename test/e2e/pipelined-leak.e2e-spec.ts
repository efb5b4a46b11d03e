import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, type Instance, killAll, startInstance } from '../cluster/processes';

jest.setTimeout(120_000);

const PAIRS = 5000;
const CONCURRENCY = 50;
const SHUTDOWN_DELAY_MS = 1000;

/**
 * Decisions §13: a request the server never answers (pipelined behind an HTTP/1.0 answer, or behind
 * a connection the client closed) is not in flight and holds no memory. The real process, since the
 * graceful shutdown's tracker and the metrics only exist there.
 */
describe('requests the server never answers', () => {
  let folder: string;
  let server: Instance;

  beforeAll(async () => {
    ensureBuilt();
    folder = mkdtempSync(join(tmpdir(), 'pipelined-'));
    server = await startInstance(
      'pipelined',
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: `sqlite:${join(folder, 'db.sqlite')}`,
        STORAGE_URL: `file:${join(folder, 'files')}`,
        SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      },
      ['--expose-gc', '-r', join(__dirname, '../support/collect-on-signal.js')],
    );
  });

  afterAll(async () => {
    await killAll();
    rmSync(folder, { recursive: true, force: true });
  });

  it('are not counted in flight, hold no memory and do not delay the shutdown', async () => {
    await sendPipelined(server, 200); // warm up: the first requests load code and fill caches
    const before = await liveHeap(server);

    // Half the connections are closed by the client before their first answer; the others get
    // one answer whose HTTP/1.0 ends the connection, with two more requests queued behind it.
    await sendPipelined(server, PAIRS);

    const metrics = await scrape(server);
    expect(gaugeOf(metrics, 'http_requests_in_flight')).toBe(0);
    expect((await liveHeap(server)) - before).toBeLessThan(10 * 1024 * 1024);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_DELAY_MS + 1000);
    expect(server.output()).not.toMatch(/still in flight/);
  });
});

const PIPELINE = [
  'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
  'GET /v1/health HTTP/1.0\r\n\r\n',
  'GET /v1/health HTTP/1.0\r\n\r\n',
].join('');

function sendPipelined(server: Instance, connections: number): Promise<void> {
  const { port } = new URL(server.url);
  let started = 0;
  const next = (): Promise<void> => {
    if (started >= connections) return Promise.resolve();
    const abandon = started++ % 2 === 0;
    return new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(PIPELINE);
        if (abandon) setTimeout(() => socket.destroy(), 1);
      });
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    }).then(next);
  };
  return Promise.all(Array.from({ length: CONCURRENCY }, next)).then(() => undefined);
}

async function liveHeap(server: Instance): Promise<number> {
  server.child.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  return gaugeOf(await scrape(server), 'nodejs_heap_size_used_bytes');
}

async function scrape(server: Instance): Promise<string> {
  return (await fetch(server.metricsUrl)).text();
}

function gaugeOf(metrics: string, name: string): number {
  const line = metrics.split('\n').find((entry) => entry.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} in the metrics`);
  return Number(line.slice(name.length + 1));
}
