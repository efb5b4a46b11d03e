import type KeyvRedis from '@keyv/redis';
import { KeyvCacheableMemory } from 'cacheable';
import Keyv from 'keyv';

/**
 * The Keyv store cache-manager runs on, plus the one operation cache-manager lacks: reading and
 * removing an entry in a single step, so a one-time entry is used once even by racing callers.
 */
export interface ShortLivedStore {
  readonly keyv: Keyv;
  take(key: string): Promise<unknown>;
  /** Throws when the store does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
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
    close: async () => adapter.store.stopIntervalCheck(),
  };
}

/** Redis, shared by every instance; entries expire in Redis itself (PX). */
export function redisStore(url: string, namespace: string): ShortLivedStore {
  // Loaded only when Redis is configured: the client is some 15 MiB a single instance never uses.
  const { default: Redis } = require('@keyv/redis') as { default: typeof KeyvRedis };
  const adapter = new Redis(url);
  const keyv = new Keyv({ store: adapter, namespace, useKeyPrefix: false });
  return {
    keyv,
    take: async (key) => {
      const client = await adapter.getClient();
      // GETDEL is atomic: of instances racing for one key exactly one receives it.
      const raw = await client.getDel(adapter.createKeyPrefix(key, adapter.namespace));
      if (typeof raw !== 'string') return undefined;
      return live((await keyv.deserialize!(raw)) as KeyvEntry | undefined);
    },
    ping: async () => {
      await (await adapter.getClient()).ping();
    },
    close: () => keyv.disconnect(),
  };
}

function live(entry: KeyvEntry | undefined): unknown {
  if (!entry || (typeof entry.expires === 'number' && entry.expires <= Date.now())) return undefined;
  return entry.value;
}
