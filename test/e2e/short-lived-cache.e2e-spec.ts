import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OAuthService } from '../../src/auth/oauth/oauth.service';
import { SHORT_LIVED_STORE } from '../../src/cache/cache.tokens';
import { KeyValueCache } from '../../src/cache/key-value-cache';
import { memoryStore, type ShortLivedStore } from '../../src/cache/short-lived-stores';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { authorizeWithDevProvider, sessionCookiesSet } from '../support/sign-in';

const MiB = 1024 * 1024;
const ALLOWLIST = 'http://allowed.example/';

describeEachBackend('short-lived state through cache-manager', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { REDIRECT_ALLOWLIST: ALLOWLIST } });
  });
  afterAll(() => t.close());

  it('gives a one-time entry to exactly one of 25 concurrent takers', async () => {
    const cache = t.app.get(KeyValueCache);
    for (let round = 0; round < 5; round++) {
      await cache.set(`race:${round}`, { round }, 60_000);
      const taken = await Promise.all(Array.from({ length: 25 }, () => cache.take(`race:${round}`)));
      expect(taken.filter((value) => value !== undefined)).toEqual([{ round }]);
      expect(await cache.get(`race:${round}`)).toBeUndefined();
    }
  });

  it('expires entries after their TTL', async () => {
    const cache = t.app.get(KeyValueCache);
    await cache.set('short', 'lived', 50);
    expect(await cache.get('short')).toBe('lived');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await cache.get('short')).toBeUndefined();
    expect(await cache.take('short')).toBeUndefined();
  });
});

describe('the in-memory store (no REDIS_URL)', () => {
  it('keeps at most maxEntries, pushing out the least recently used', async () => {
    const store = memoryStore({ maxEntries: 100, defaultTtlMs: 60_000, sweepIntervalMs: 1000 });
    try {
      for (let i = 0; i < 150; i++) await store.keyv.set(`k${i}`, i, 60_000);
      expect(await store.take('k0')).toBeUndefined();
      expect(await store.take('k149')).toBe(149);
      expect(entries(store)).toBe(99);
    } finally {
      await store.close();
    }
  });

  it('evicts expired entries without any read', async () => {
    const store = memoryStore({ maxEntries: 1000, defaultTtlMs: 60_000, sweepIntervalMs: 50 });
    try {
      for (let i = 0; i < 500; i++) await store.keyv.set(`k${i}`, i, 30);
      expect(entries(store)).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(entries(store)).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe('100,000 abandoned anonymous sign-in starts without Redis', () => {
  // Long enough that most of the 100,000 are alive at once even on a busy machine.
  const TTL_SECONDS = 30;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ name: 'sqlite' }, { env: { REDIRECT_ALLOWLIST: ALLOWLIST, OAUTH_STATE_TTL_SECONDS: String(TTL_SECONDS) } });
  });
  afterAll(() => t.close());

  it('leave the heap within 50 MiB of where it started once their TTL has passed', async () => {
    const oauth = t.app.get(OAuthService);
    const store = t.app.get<ShortLivedStore>(SHORT_LIVED_STORE);
    // Over HTTP: one real start, whose state must be gone for good once its TTL has passed.
    const overHttp = await authorizeWithDevProvider(t, { username: 'abandoned', redirectUrl: ALLOWLIST });
    await settle();
    const before = process.memoryUsage().heapUsed;

    // In-process for the bulk (HTTP would hit the rate limit and take far longer): the
    // controller's own service call, 100,000 times.
    let mostAlive = 0;
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(Array.from({ length: 1000 }, () => oauth.start('chatapp', { redirectUrl: ALLOWLIST }, undefined)));
      mostAlive = Math.max(mostAlive, entries(store));
    }
    const peak = process.memoryUsage().heapUsed;
    expect(mostAlive).toBeGreaterThan(10_000);

    // Nothing reads them again: only the store's own sweep can remove them.
    while (entries(store) > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    await settle();
    const after = process.memoryUsage().heapUsed;
    console.log(
      `heap before ${(before / MiB).toFixed(1)} MiB; after 100,000 starts (${mostAlive} alive at most) ` +
        `${(peak / MiB).toFixed(1)} MiB; after expiry ${(after / MiB).toFixed(1)} MiB`,
    );
    expect(after - before).toBeLessThan(50 * MiB);

    const callback = await t.http().get(overHttp.callbackPath).set('Cookie', overHttp.cookie);
    expect(callback.headers.location).toBe('/');
    expect(sessionCookiesSet(callback)).toEqual([]);
  }, 600_000);
});

function entries(store: ShortLivedStore): number {
  return (store.keyv.store as { store: { size: number } }).store.size;
}

/** A full collection where V8 allows one to be forced, else time for the collector to run. */
async function settle(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
