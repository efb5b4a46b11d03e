import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, freshDatabase, type FreshDatabase, type TestApp } from '../support/app';
import type { TestBackend } from '../support/backends';
import { aPlayer, aUser, type Player, signIn } from '../support/factories';
import { cookieHeader } from '../support/sign-in';
import { FaultProxy } from '../support/fault-proxy';
import {
  account,
  accountBalance,
  anAccount,
  anApprovedPlayer,
  aServiceKey,
  type Caller,
  EXTERNAL,
  expectChained,
  storedEntries,
  transfer,
  wallet,
  walletBalance,
} from '../support/money';
import { sleep, until } from '../support/wait';
import { answers, type Outcome, steadyLoad } from './load';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const backend: TestBackend | undefined = postgresUrl && redisUrl ? { name: 'postgres+redis', postgresUrl, redisUrl } : undefined;
const describeFaults = backend ? describe : describe.skip;
if (!backend) console.log('test/faults skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to cut and freeze PostgreSQL and Redis.');

jest.setTimeout(60_000);

const STATEMENT_TIMEOUT_MS = 1500;
const REDIS_TIMEOUT_MS = 500;
/** Taking a pooled connection (2 s), then one statement, and the slack of a loaded test machine. */
const LONGEST_ANSWER_MS = 2000 + STATEMENT_TIMEOUT_MS + 1000;
const START = 10_000;
const ALLOWLIST = 'http://allowed.example/';
const FAILURE = 'http://allowed.example/failed';

/**
 * Decisions §13: the service behind proxies that cut or freeze its PostgreSQL and Redis (the
 * servers themselves are shared and never touched). Under a small steady load every answer is a
 * success or the 503 of a dependency, in time; it recovers without a restart; and the money adds up.
 */
describeFaults('failing dependencies [postgres+redis]', () => {
  let database: FreshDatabase;
  let postgres: FaultProxy;
  let redis: FaultProxy;
  let t: TestApp;
  let server: Caller;
  let player: Player;
  let holders: { ref: object; type: 'wallet' | 'account'; id: string }[];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase(backend!, '/tmp');
    postgres = await FaultProxy.start(database.url);
    redis = await FaultProxy.start(redisUrl!);
    t = await createTestApp(backend!, {
      env: {
        DATABASE_URL: postgres.through(database.url),
        REDIS_URL: redis.through(redisUrl!),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        REDIS_COMMAND_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
        RATE_LIMIT_DEFAULT: '100000',
        REDIRECT_ALLOWLIST: ALLOWLIST,
        FAILURE_REDIRECT_URL: FAILURE,
      },
    });
    const admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    server = { key: await aServiceKey(t, admin, Permission.SERVICE_ADMINISTRATOR) };
    player = await anApprovedPlayer(t);
    const other = await anApprovedPlayer(t);
    const { accountId } = await anAccount(t, other);
    holders = [
      { ref: wallet(player.character.id), type: 'wallet', id: player.character.id },
      { ref: wallet(other.character.id), type: 'wallet', id: other.character.id },
      { ref: account(accountId), type: 'account', id: accountId },
    ];
    for (const holder of holders) expect((await transfer(t, server, { from: EXTERNAL, to: holder.ref, amount: START })).status).toBe(201);
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args.map(String).join(' ')));
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await postgres?.close();
    await redis?.close();
    await database?.drop();
  });

  let turn = 0;
  const load = () =>
    steadyLoad([
      { what: 'me', send: () => t.http().get('/v1/users/@me').set('Cookie', player.cookie) },
      {
        what: 'transfer',
        send: () => {
          const from = holders[turn++ % holders.length];
          const to = holders[turn % holders.length];
          return transfer(t, server, { from: from.ref, to: to.ref, amount: 1 + (turn % 7) });
        },
      },
    ]);

  /** Every outcome is a success or the dependency's 503, each in time; none is a 500 or a hang. */
  function expectOnlySuccessOrUnavailable(outcomes: Outcome[]): void {
    for (const outcome of outcomes) {
      if (outcome.status >= 200 && outcome.status < 300) continue;
      expect(outcome).toMatchObject({ status: 503, body: { error: 'Service Unavailable', code: 'DEPENDENCY_UNAVAILABLE' }, retryAfter: '5' });
    }
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(LONGEST_ANSWER_MS);
  }

  /**
   * Runs the load through at least `lastsMs` of `fault`, and on until one request has begun and
   * been answered inside it (a refusal can take the statement timeout, so a fixed length could end
   * the fault just before the second round of refusals is answered); `during` are those requests.
   */
  async function underFault(fault: () => void, restore: () => void, lastsMs: number) {
    const running = load();
    await sleep(300);
    const began = Date.now();
    fault();
    await sleep(lastsMs);
    await until(async () => running.since(began + 100).length > 0, LONGEST_ANSWER_MS);
    const live = (await t.http().get('/v1/health')).status;
    const ready = (await t.http().get('/v1/health/ready')).status;
    const restoredAt = Date.now();
    restore();
    await until(async () => (await t.http().get('/v1/users/@me').set('Cookie', player.cookie)).status === 200, 15_000);
    await running.stop();
    const during = running.since(began + 100).filter((outcome) => outcome.at + outcome.ms < restoredAt);
    return { outcomes: running.outcomes, during, live, ready };
  }

  /** Whatever ran entirely inside the fault was refused with the 503; whatever else, succeeded or refused in time. */
  function expectRefusedDuring(run: { outcomes: Outcome[]; during: Outcome[]; live: number; ready: number }): void {
    expectOnlySuccessOrUnavailable(run.outcomes);
    expect(run.during.length).toBeGreaterThan(0);
    expect(run.during.filter((outcome) => outcome.status !== 503)).toEqual([]);
    expect({ live: run.live, ready: run.ready }).toEqual({ live: 200, ready: 503 });
  }

  it('answers 503 in time while PostgreSQL is cut, stays live, and recovers without a restart', async () => {
    expectRefusedDuring(await underFault(() => postgres.cut(), () => postgres.restore(), 3000));
    await until(answers(t, '/v1/health/ready', 200), 5000);
  });

  it('answers 503 in time while PostgreSQL hangs, and recovers without a restart', async () => {
    expectRefusedDuring(await underFault(() => postgres.freeze(), () => postgres.restore(), 5000));
    await until(answers(t, '/v1/health/ready', 200), 5000);
  });

  it.each([
    ['cut', () => redis.cut()],
    ['frozen', () => redis.freeze()],
  ])('keeps sessions, reads and transfers working while Redis is %s; OAuth answers unavailable', async (_name, fault) => {
    const running = load();
    fault();
    await sleep(REDIS_TIMEOUT_MS * 2);
    const started = Date.now();
    const start = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: ALLOWLIST });
    expect(Date.now() - started).toBeLessThan(REDIS_TIMEOUT_MS + 1000);
    expect(start.status).toBe(503);
    expect(start.body).toEqual({ error: 'Service Unavailable', code: 'DEPENDENCY_UNAVAILABLE' });
    expect(start.headers['retry-after']).toBe('5');
    const callback = await t.http().get(`/v1/oauth/chatapp?state=${'s'.repeat(43)}&code=x`);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe(`${FAILURE}?error=unavailable`);
    expect((await t.http().get('/v1/health/ready')).status).toBe(503);
    const began = Date.now();
    await sleep(2000);
    const during = running.since(began);
    redis.restore();
    await running.stop();
    expect(during.length).toBeGreaterThan(0);
    expect(during.map((outcome) => `${outcome.what} ${outcome.status}`).filter((outcome) => !/ 20[01]$/.test(outcome))).toEqual([]);
    expect(Math.max(...during.map((outcome) => outcome.ms))).toBeLessThan(REDIS_TIMEOUT_MS + 1000);
    // A hung Redis is asked by one request at a time, once a second (the rate limits' every two):
    // the others go on without it rather than each waiting out its timeout.
    expect(during.filter((outcome) => outcome.ms >= REDIS_TIMEOUT_MS).length).toBeLessThanOrEqual(3);
    await until(async () => (await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: ALLOWLIST })).status === 200, 10_000);
  });

  it('applies a permission change made while Redis is cut, from the next request during the outage and after it', async () => {
    const admin = await signIn(t, await aUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR | Permission.STAFF }));
    const target = await aUser(t);
    let cookie = await signIn(t, target);
    const me = () => t.http().get('/v1/users/@me').set('Cookie', cookie);
    for (let i = 0; i < 5; i++) expect((await me()).body.permissions).toBe('1');
    redis.cut();
    await sleep(REDIS_TIMEOUT_MS * 2);
    const change = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send({ permissions: String(Permission.USER | Permission.STAFF) });
    expect(change.status).toBe(200);
    const during = await me();
    expect(during.body.permissions).toBe('3');
    cookie = cookieHeader(during, cookie);
    redis.restore();
    await until(answers(t, '/v1/health/ready', 200), 5000);
    expect((await me()).body.permissions).toBe('3');
    expect((await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin).send({ permissions: '1' })).status).toBe(200);
    expect((await me()).body.permissions).toBe('1');
  });

  it('left no transfer half-applied: every balance equals its statement and the total is unchanged', async () => {
    const balances = await Promise.all(holders.map((holder) => (holder.type === 'wallet' ? walletBalance(t, holder.id) : accountBalance(t, holder.id))));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(START * holders.length);
    for (const [index, holder] of holders.entries()) expectChained(await storedEntries(t, holder.type, holder.id), balances[index]);
  });

  it('wrote nothing of the outages to stderr', () => {
    expect(consoleErrors.filter((line) => /Unhandled error event|ioredis|redis/i.test(line))).toEqual([]);
  });
});
