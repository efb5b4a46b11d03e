import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type FreshDatabase, freePort, freshDatabase } from '../support/app';
import type { TestBackend } from '../support/backends';
import { aCharacterInput } from '../support/character-fixtures';
import { aPng } from '../support/files';
import { type FakeChatProvider, startFakeChatProvider } from '../support/fake-chat-provider';
import { type FakeS3, startS3 } from '../support/s3';
import { Browser, signIn } from './browser';
import { cli, ensureBuilt, type Instance, killAll, startInstance } from './processes';

/**
 * Several real service processes (`node dist/src/main.js`) on one PostgreSQL database, one Redis
 * and one S3 server: what decisions §2 and §10 promise of a scale-out deployment.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const backend: TestBackend | undefined = postgresUrl && redisUrl ? { name: 'postgres+redis', postgresUrl, redisUrl } : undefined;
if (!backend) {
  console.log('test/cluster skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run several processes on PostgreSQL and Redis.');
}
const describeCluster = backend ? describe : describe.skip;

jest.setTimeout(120_000);

interface Cluster {
  /** PUBLIC_BASE_URL of every instance: the first one's address (the development providers live there). */
  base: string;
  database: FreshDatabase;
  /** What every instance, and the operator's command line, runs with. */
  env: { DATABASE_URL: string; REDIS_URL: string; REDIS_KEY_PREFIX: string } & Record<string, string>;
  start(name: string, extra?: Record<string, string>): Promise<Instance>;
}

const cleanups: (() => Promise<unknown>)[] = [];
let s3: FakeS3;
let folder: string;

async function newCluster(): Promise<Cluster> {
  const database = await freshDatabase(backend!, folder);
  cleanups.push(() => database.drop());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl!,
    REDIS_KEY_PREFIX: `cluster-${randomBytes(6).toString('hex')}:`,
    ...s3.env,
    PUBLIC_BASE_URL: base,
    DEFAULT_MAX_CHARACTERS: '500',
    RATE_LIMIT_DEFAULT: '100000',
    SHUTDOWN_DELAY_MS: '1500',
    SHUTDOWN_DRAIN_MS: '10000',
  };
  return { base, database, env, start: (name, extra = {}) => startInstance(name, { ...env, ...extra }) };
}

/** A on the port of PUBLIC_BASE_URL, then B. */
async function startPair(cluster: Cluster, extra: Record<string, string> = {}): Promise<[Instance, Instance]> {
  const first = await cluster.start('A', { ...extra, PORT: new URL(cluster.base).port });
  return [first, await cluster.start('B', extra)];
}

interface Burst {
  /** The HTTP status, or why no answer came. */
  statuses: (number | string)[];
  ids: string[];
  /** The worker ids found in the new ids, per instance (creation i goes to instance i % 2). */
  workerIds: Set<number>[];
}

type Creation = () => Promise<{ status: number | string; id?: string }>;

/** The 600 creations, alternating between the two instances: characters of several users, and banks. */
function creations(instances: Instance[], users: Browser[], admin: Browser, ownerId: string): Creation[] {
  return Array.from({ length: 600 }, (_, i): Creation => {
    const base = instances[i % 2].url;
    if (Math.floor(i / 2) % 10 === 0) return () => admin.send(base, 'POST', '/v1/banks', { ownerId, name: `Bank ${i}` }).then((r) => ({ status: r.status, id: r.body?.bankId }));
    const user = users[Math.floor(i / 2) % users.length];
    return () => user.send(base, 'POST', '/v1/users/@me/characters', aCharacterInput()).then((r) => ({ status: r.status, id: r.body?.characterId }));
  });
}

/**
 * A request that waits over 2 s for a pooled connection answers 503 (decisions §13), so the burst
 * keeps as many creations in flight on each instance as its pool can serve within that, not all 300.
 */
const IN_FLIGHT = 100;

/** Runs the creations, IN_FLIGHT at a time; every status, every new id and the worker ids inside them. */
async function run(jobs: Creation[]): Promise<Burst> {
  const settle = (job: Creation) =>
    job().catch((error: Error): { status: number | string; id?: string } => ({ status: `${error.message}: ${String((error.cause as Error)?.message)}` }));
  const results: Awaited<ReturnType<typeof settle>>[] = new Array(jobs.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < jobs.length; i = next++) results[i] = await settle(jobs[i]);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const workerIds = [new Set<number>(), new Set<number>()];
  results.forEach((result, i) => result.id && workerIds[i % 2].add(Number((BigInt(result.id) >> 12n) & 1023n)));
  return { statuses: results.map((result) => result.status), ids: results.flatMap((result) => (result.id ? [result.id] : [])), workerIds };
}

/**
 * What the burst must show: all created, 600 distinct ids, and ids of each instance carrying that
 * instance's own worker id, apart from the other's. Collisions themselves need the same
 * millisecond and sequence number on both, which timing rarely grants; the worker ids inside the
 * ids show deterministically whether they could happen.
 */
function expectDistinct(burst: Burst, otherIds: string[]): void {
  expect(burst.statuses.filter((status) => status !== 201)).toEqual([]);
  expect(new Set([...burst.ids, ...otherIds]).size).toBe(600 + otherIds.length);
  const [first, second] = burst.workerIds;
  expect(first.size).toBe(1);
  expect(second.size).toBe(1);
  expect([...first][0]).not.toBe([...second][0]);
}

/** Users signed in half through each instance, and an administrator owning one character. */
async function population(cluster: Cluster, [a, b]: Instance[]): Promise<{ users: Browser[]; admin: Browser; ownerId: string; userIds: string[] }> {
  const users = Array.from({ length: 40 }, () => new Browser());
  const userIds: string[] = [];
  for (let i = 0; i < users.length; i += 8) {
    const batch = users.slice(i, i + 8).map((user, j) => signIn(user, cluster.base, j % 2 ? a.url : b.url, j % 2 ? b.url : a.url, `burst-${i + j}`));
    userIds.push(...(await Promise.all(batch)));
  }
  const admin = new Browser();
  const adminId = await signIn(admin, cluster.base, a.url, a.url, 'burst-admin');
  cli(cluster.env, 'grant', adminId, 'SERVICE_ADMINISTRATOR');
  const owner = await admin.send(b.url, 'POST', '/v1/users/@me/characters', aCharacterInput());
  expect(owner.status).toBe(201);
  return { users, admin, ownerId: owner.body.characterId, userIds: [...userIds, adminId] };
}

beforeAll(async () => {
  if (!backend) return;
  ensureBuilt();
  folder = await mkdtemp(join(tmpdir(), 'rp-cluster-'));
  s3 = await startS3();
}, 300_000);

afterAll(async () => {
  if (!backend) return;
  await killAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describeCluster('several instances on one PostgreSQL, Redis and S3 [postgres+redis]', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await newCluster();
    [a, b] = await startPair(cluster);
  }, 120_000);

  it('leases each process its own worker id, with no SNOWFLAKE_WORKER_ID', () => {
    expect(a.workerId).not.toBe(b.workerId);
    expect(a.output()).toContain('(leased)');
  });

  it('makes 600 distinct ids, with no 5xx, from 600 creations 100 at a time on two instances', async () => {
    const { users, admin, ownerId, userIds } = await population(cluster, [a, b]);
    const burst = await run(creations([a, b], users, admin, ownerId));
    expectDistinct(burst, [...userIds, ownerId]);
    expect(burst.workerIds.map((ids) => [...ids][0])).toEqual([a.workerId, b.workerId]);
  });

  it('honours on each instance a session made, and renewed, on the other', async () => {
    const browser = new Browser();
    const userId = await signIn(browser, cluster.base, a.url, a.url, 'roaming');
    expect((await browser.send(b.url, 'GET', '/v1/users/@me')).body.userId).toBe(userId);
    const before = browser.cookies.get('refresh_token');
    cli(cluster.env, 'grant', userId, 'STAFF'); // deactivates the session: the next request renews it
    const renewed = await browser.send(b.url, 'GET', '/v1/users/@me');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(browser.cookies.get('refresh_token')).not.toBe(before);
    const onA = await browser.send(a.url, 'GET', '/v1/users/@me');
    expect(onA.status).toBe(200);
    expect(onA.headers.getSetCookie()).toEqual([]); // A accepts B's new pair as it is
  });

  it('applies a sign-out, a permission change and a ban made on one instance from the next request on the other', async () => {
    const browser = new Browser();
    const other = new Browser();
    const userId = await signIn(browser, cluster.base, a.url, a.url, 'watched');
    await signIn(other, cluster.base, a.url, a.url, 'watched');
    const staff = new Browser();
    const staffId = await signIn(staff, cluster.base, a.url, a.url, 'warden');
    cli(cluster.env, 'grant', staffId, 'ADMINISTRATOR', 'MODERATOR_CHIEF');
    for (let i = 0; i < 5; i++) expect((await browser.send(b.url, 'GET', '/v1/users/@me')).body.permissions).toBe('1');

    expect((await staff.send(a.url, 'PATCH', `/v1/users/${userId}`, { maxCharacters: 4 })).status).toBe(200);
    expect((await browser.send(b.url, 'GET', '/v1/users/@me')).body.maxCharacters).toBe(4);

    expect((await browser.send(a.url, 'POST', '/v1/oauth/logout')).status).toBe(204);
    expect((await browser.send(b.url, 'GET', '/v1/users/@me')).status).toBe(401);

    for (let i = 0; i < 5; i++) expect((await other.send(b.url, 'GET', '/v1/users/@me')).status).toBe(200);
    const ban = { type: 'ban', reason: 'fraude', expiresAt: null };
    expect((await staff.send(a.url, 'POST', `/v1/users/${userId}/sanctions`, ban)).status).toBe(201);
    expect((await other.send(b.url, 'GET', '/v1/users/@me')).status).toBe(401);
  });

  it('completes on one instance an OAuth sign-in started on the other (cookies included)', async () => {
    const browser = new Browser();
    const userId = await signIn(browser, cluster.base, a.url, b.url, 'crossing');
    expect((await browser.send(a.url, 'GET', '/v1/users/@me')).body.userId).toBe(userId);
  });

  it('refuses the 6th character edit of a minute whichever instance gets it', async () => {
    const browser = new Browser();
    await signIn(browser, cluster.base, a.url, a.url, 'editor');
    const created = await browser.send(a.url, 'POST', '/v1/users/@me/characters', aCharacterInput());
    const path = `/v1/users/@me/characters/${created.body.characterId}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.send(i % 2 ? b.url : a.url, 'PATCH', path, { age: 31 + i })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('serves through one instance a file uploaded through the other', async () => {
    const browser = new Browser();
    await signIn(browser, cluster.base, a.url, a.url, 'uploader');
    const created = await browser.send(a.url, 'POST', '/v1/users/@me/characters', aCharacterInput());
    const png = await aPng(40, 40, { r: 1, g: 2, b: 3 });
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    const patched = await browser.send(a.url, 'PATCH', `/v1/users/@me/characters/${created.body.characterId}`, form);
    expect(patched.status).toBe(200);
    const served = await fetch(`${b.url}/v1/images/avatar-bust/${patched.body.avatarHash}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('writes one log line per request, with its request id and no credential', async () => {
    const browser = new Browser();
    await signIn(browser, cluster.base, a.url, a.url, 'logged');
    const requestId = `log-line-${Date.now()}`;
    const answer = await browser.send(a.url, 'GET', '/v1/users/@me', undefined, { 'X-Request-Id': requestId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(requestId);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the line is written asynchronously
    const lines = a.output().split('\n').filter((line) => line.includes(requestId));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      msg: 'request completed',
      requestId,
      req: { id: requestId, method: 'GET', path: '/v1/users/@me' },
      res: { statusCode: 200 },
    });
    for (const token of [browser.cookies.get('access_token'), browser.cookies.get('refresh_token')]) {
      expect(token).toBeTruthy();
      expect(a.output()).not.toContain(token);
    }
  });

  it('writes what a service logs while serving a request with that request\'s id', async () => {
    const requestId = `service-line-${Date.now()}`;
    const answer = await fetch(`${a.url}/v1/oauth/chatapp?state=${'s'.repeat(43)}&code=x`, { redirect: 'manual', headers: { 'X-Request-Id': requestId } });
    expect(answer.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 200)); // lines are written asynchronously
    const lines = a.output().split('\n').filter((line) => line.includes(requestId)).map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(['Sign-in through chatapp failed: unknown, used or expired state', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 40, context: 'OAuthService', requestId, req: { id: requestId, path: '/v1/oauth/chatapp' } });
  });

  it('leaves the liveness and readiness probes out of the log at info', async () => {
    const requestId = `probe-line-${Date.now()}`;
    for (const path of ['/v1/health', '/v1/health/ready']) {
      expect((await fetch(`${a.url}${path}`, { headers: { 'X-Request-Id': requestId } })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // lines are written asynchronously
    expect(a.output().split('\n').filter((line) => line.includes(requestId))).toEqual([]);
  });

  it('shows request durations by route template on /metrics', async () => {
    const text = await (await fetch(a.metricsUrl)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/v1\/users\/:userId\/characters",status="201"\} \d+/);
    expect(text).not.toMatch(/route="\/v1\/users\/\d+/);
    expect(text).toContain('db_pool_connections{state="total"}');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('upload_slots_in_use 0');
    expect(text).toMatch(/oauth_callbacks_total\{provider="chatapp",outcome="success"\} \d+/);
  });

  it('on SIGTERM answers every request in flight, turns unready, exits 0, while the other serves on', async () => {
    const browser = new Browser();
    await signIn(browser, cluster.base, b.url, b.url, 'draining');
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const quick = Array.from({ length: 45 }, () => browser.send(a.url, 'GET', '/v1/users/@me').then((r) => r.status, (e: Error) => `reset: ${e.message}`));
    // Five requests whose bodies arrive over 3 s: still in flight after the 1.5 s delay, so drained.
    const slow = Array.from({ length: 5 }, () => slowPost(a.url, '/v1/users/@me/characters', aCharacterInput(), cookie, 3000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    a.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readyDuringDelay = (await browser.send(a.url, 'GET', '/v1/health/ready')).status;
    const bStatuses: number[] = [];
    const watchB = (async () => {
      while (Date.now() - signalled < 5000) {
        bStatuses.push((await browser.send(b.url, 'GET', '/v1/health/ready')).status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const answers = await Promise.all([...quick, ...slow]);
    const exit = await a.exited;
    const tookMs = Date.now() - signalled;
    await watchB;
    expect(readyDuringDelay).toBe(503);
    expect(answers).toEqual([...Array(45).fill(200), ...Array(5).fill(201)]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(1500 + 10_000);
    expect(bStatuses.length).toBeGreaterThan(10);
    expect(bStatuses.every((status) => status === 200)).toBe(true);
    expect((await browser.send(b.url, 'GET', '/v1/users/@me')).status).toBe(200);
  });

  it('frees the worker id of a killed process (SIGKILL) for the next one', async () => {
    const doomed = await cluster.start('C');
    expect(doomed.workerId).not.toBe(b.workerId);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const next = await cluster.start('D');
    expect(next.workerId).toBe(doomed.workerId);
  });
});

describeCluster('the same creations with one SNOWFLAKE_WORKER_ID forced on both processes [postgres+redis]', () => {
  it('fail the distinct-ids check (so that test can fail)', async () => {
    const cluster = await newCluster();
    const pair = await startPair(cluster, { SNOWFLAKE_WORKER_ID: '7' });
    expect(pair.map((instance) => instance.workerId)).toEqual([7, 7]);
    // Colliding ids may already break the sign-ins that build the population, or only the burst.
    const sameCreations = async () => {
      const { users, admin, ownerId, userIds } = await population(cluster, pair);
      const burst = await run(creations(pair, users, admin, ownerId));
      expectDistinct(burst, [...userIds, ownerId]);
    };
    await expect(sameCreations()).rejects.toThrow();
  });
});

/** A JSON POST over its own connection whose body trickles in over `overMs`. */
function slowPost(base: string, path: string, body: unknown, cookie: string, overMs: number): Promise<number | string> {
  const bytes = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length, Cookie: cookie },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error) => resolve(`reset: ${error.message}`));
    const pieces = 6;
    const size = Math.ceil(bytes.length / pieces);
    for (let i = 0; i < pieces; i++) {
      setTimeout(() => {
        request.write(bytes.subarray(i * size, (i + 1) * size));
        if (i === pieces - 1) request.end();
      }, (overMs / (pieces - 1)) * i);
    }
  });
}

describeCluster('the chat role sweep on two instances [postgres+redis]', () => {
  const MEMBERS = 300;
  let chat: FakeChatProvider;

  beforeAll(async () => {
    chat = await startFakeChatProvider();
    // 300 members at 20 ms each, 4 at a time: a sweep takes longer than the interval, so two would overlap without the lock.
    chat.delayMs = 20;
  });
  afterAll(() => chat.close());

  it('is run by one instance at a time: never two sweeps at once, nor two in one interval', async () => {
    const cluster = await newCluster();
    const [a, b] = await startPair(cluster, { ...chat.env(), ROLE_SYNC_INTERVAL_MS: '1000' });
    await seedChatMembers(cluster.database.url, MEMBERS, chat);
    const seededAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const sweeps = [a, b].flatMap((instance) => sweepsIn(instance.output(), instance.name)).sort((x, y) => x.start - y.start);
    for (let i = 1; i < sweeps.length; i++) expect(sweeps[i].start).toBeGreaterThanOrEqual(sweeps[i - 1].end);
    const full = sweeps.filter((sweep) => sweep.start >= seededAt);
    expect(full.length).toBeGreaterThanOrEqual(2);
    expect(full.every((sweep) => sweep.members === MEMBERS && sweep.end - sweep.start > 1000)).toBe(true);
    expect(chat.maxInFlight).toBeLessThanOrEqual(4);
    // Each member asked once per sweep (a sweep still under way at the end may have asked some).
    const asked = new Map<string, number>();
    for (const request of chat.requests) asked.set(request.userId, (asked.get(request.userId) ?? 0) + 1);
    expect(Math.max(...asked.values())).toBeLessThanOrEqual(sweeps.length + 1);
  });
});

/** Users who signed in through the chat provider a moment ago, each a member holding no role. */
async function seedChatMembers(databaseUrl: string, count: number, chat: FakeChatProvider): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = Array.from({ length: count }, (_, i) => String(7_000_000_000_000_000n + BigInt(i)));
    await client.query(`INSERT INTO "users" ("id", "permissions", "maxCharacters") SELECT unnest($1::bigint[]), 1, 3`, [ids]);
    await client.query(`INSERT INTO "chat_members" ("userId", "chatUserId", "signedInAt") SELECT id, id::text, now() FROM unnest($1::bigint[]) AS id`, [ids]);
    ids.forEach((id) => chat.members.set(id, { roles: [] }));
  } finally {
    await client.end();
  }
}

/** The sweeps an instance logged: when each started and ended, and how many members it synced. */
function sweepsIn(output: string, instance: string): { instance: string; start: number; end: number; members: number }[] {
  return output.split('\n').flatMap((line) => {
    const match = /role sweep: (\d+) members in (\d+) ms/.exec(line);
    if (!match) return [];
    const end = (JSON.parse(line) as { time: number }).time;
    return [{ instance, start: end - Number(match[2]), end, members: Number(match[1]) }];
  });
}
