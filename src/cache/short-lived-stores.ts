import { KeyvCacheableMemory } from 'cacheable';
import Keyv from 'keyv';
import { answerWithin } from '../common/errors/dependency-unavailable';
import { DependencyGate } from '../common/dependency-gate';
import { OutageLog } from '../common/outage-log';

/**
 * The Keyv store cache-manager runs on, plus the one operation cache-manager lacks: reading and
 * removing an entry in a single step, so a one-time entry is used once even by racing callers.
 */
export interface ShortLivedStore {
  readonly keyv: Keyv;
  take(key: string): Promise<unknown>;
  /** Throws when the store does not answer (readiness). */
  ping(): Promise<void>;
  /** `operation` on this store, failing as DependencyUnavailable when a remote store fails or is late. */
  bounded<T>(operation: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Values every instance reads the same, in one round trip; only a shared store has them. */
  readonly shared?: SharedValues;
}

/** Plain string values of the shared store, outside the cache's namespace, each call bounded. */
export interface SharedValues {
  read(keys: string[]): Promise<(string | null)[]>;
  write(key: string, value: string, ttlMs: number, condition?: 'NX'): Promise<void>;
}

export interface MemoryStoreOptions {
  /** Entries beyond this many push out the least recently used. */
  maxEntries: number;
  /** A fallback TTL for any entry set without one. */
  defaultTtlMs: number;
  /** How often expired entries are swept without waiting for a read. */
  sweepIntervalMs: number;
}

/** What Keyv keeps for each entry. */
interface KeyvEntry {
  value: unknown;
  expires?: number;
}

/** Process memory, bounded and actively expired, for a single instance without Redis. */
export function memoryStore(options: MemoryStoreOptions): ShortLivedStore {
  const adapter = new KeyvCacheableMemory({
    ttl: options.defaultTtlMs,
    lruSize: options.maxEntries,
    checkInterval: options.sweepIntervalMs,
    useClone: false,
    // One map: spreading keys over several costs a hash of every key and buys nothing here.
    storeHashSize: 1,
  });
  const keyv = new Keyv({ store: adapter, namespace: undefined, useKeyPrefix: false });
  // Entries stay objects in memory; serialising them would only cost time.
  keyv.serialize = undefined;
  keyv.deserialize = undefined;
  return {
    keyv,
    // CacheableMemory's take is synchronous, so nothing can read the entry between get and delete.
    take: async (key) => live(adapter.store.take(key) as KeyvEntry | undefined),
    ping: async () => undefined,
    // Process memory answers at once or not at all: nothing to bound.
    bounded: (operation) => operation(),
    close: async () => adapter.store.stopIntervalCheck(),
  };
}

/** How often a client waiting to reconnect tries again, at most. */
const MAX_RECONNECT_DELAY_MS = 2000;
/**
 * After a shared value failed to come, how long requests go on without asking: no request waits out
 * a frozen Redis's timeout, and no transaction holds its locks for it, more than once a second.
 */
const SHARED_VALUES_RETRY_MS = 1000;

/**
 * Redis, shared by every instance; entries expire in Redis itself (PX). Every command fails after
 * `commandTimeoutMs`, and at once while Redis is away: nothing queues for it (decisions §13).
 */
export function redisStore(url: string, namespace: string, commandTimeoutMs: number): ShortLivedStore {
  // Loaded only when Redis is configured: the client is some 15 MiB a single instance never uses.
  const { default: Redis } = require('@keyv/redis') as typeof import('@keyv/redis');
  const outage = new OutageLog('Redis');
  const client = redisClient(url, commandTimeoutMs, outage, { commandOptions: { timeout: commandTimeoutMs } });
  const values = redisClient(url, commandTimeoutMs, outage);
  const valuesReady = values.connect().catch(() => undefined);
  const adapter = new Redis(client, { throwOnErrors: true, connectionTimeout: commandTimeoutMs });
  const keyv = new Keyv({ store: adapter, namespace, useKeyPrefix: false, throwOnErrors: true });
  // The client's own listener above reports an outage once; these copies would only repeat it.
  adapter.on('error', () => undefined);
  keyv.on('error', () => undefined);
  /**
   * The shared values are read on every authenticated request: on their own connection, whose
   * commands are bounded by `answerWithin` alone. The client's per-command timeout costs an
   * AbortSignal each (some 30 µs of CPU a command, measured). While Redis does not answer, one
   * command a second finds out whether it is back (DependencyGate); the others fail at once.
   */
  const gate = new DependencyGate('Redis', outage, SHARED_VALUES_RETRY_MS);
  const bounded = <T>(command: () => Promise<T>) => gate.call(() => answerWithin('Redis', commandTimeoutMs, command));
  const shared: SharedValues = {
    read: (keys) =>
      bounded(async () => {
        await valuesReady;
        return values.mGet(keys);
      }),
    write: (key, value, ttlMs, condition) =>
      bounded(async () => {
        await valuesReady;
        await values.set(key, value, { expiration: { type: 'PX', value: ttlMs }, condition });
      }),
  };
  return {
    keyv,
    take: async (key) => {
      const connected = await adapter.getClient();
      // GETDEL is atomic: of instances racing for one key exactly one receives it.
      const raw = await connected.getDel(adapter.createKeyPrefix(key, adapter.namespace));
      if (typeof raw !== 'string') return undefined;
      return live((await keyv.deserialize!(raw)) as KeyvEntry | undefined);
    },
    ping: async () => {
      await (await adapter.getClient()).ping();
    },
    bounded: (operation) => answerWithin('Redis', commandTimeoutMs, operation),
    close: async () => {
      await keyv.disconnect();
      values.destroy();
    },
    shared,
  };
}

/** A client that fails at once while Redis is away (no offline queue) and reconnects on its own. */
function redisClient(url: string, commandTimeoutMs: number, outage: OutageLog, options: object = {}) {
  const { createClient } = require('@keyv/redis') as typeof import('@keyv/redis');
  const client = createClient({
    url,
    disableOfflineQueue: true,
    ...options,
    socket: { connectTimeout: commandTimeoutMs, reconnectStrategy: (attempt: number) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS) },
  });
  client.on('error', (error: Error) => outage.failed(error));
  client.on('ready', () => outage.answered());
  return client;
}

function live(entry: KeyvEntry | undefined): unknown {
  if (!entry || (typeof entry.expires === 'number' && entry.expires <= Date.now())) return undefined;
  return entry.value;
}
