import { Global, Module } from '@nestjs/common';
import { CacheModule as NestCacheModule } from '@nestjs/cache-manager';
import { AppConfig } from '../config/config';
import { SHORT_LIVED_STORE } from './cache.tokens';
import { KeyValueCache } from './key-value-cache';
import { PrincipalVersions } from './principal-versions';
import { memoryStore, redisStore, type ShortLivedStore } from './short-lived-stores';

/** Nothing kept here lives longer than an hour; the fallback TTL only guards a forgotten one. */
const DEFAULT_TTL_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 5 * 1000;

/** The one store instance, shared by cache-manager and the atomic `take`. */
@Module({
  providers: [
    {
      provide: SHORT_LIVED_STORE,
      inject: [AppConfig],
      useFactory: (config: AppConfig): ShortLivedStore =>
        config.redisUrl
          ? redisStore(config.redisUrl, `${config.redisKeyPrefix}cache`, config.dependencyTimeouts.redisCommandMs)
          : memoryStore({ maxEntries: config.cacheMaxEntries, defaultTtlMs: DEFAULT_TTL_MS, sweepIntervalMs: SWEEP_INTERVAL_MS }),
    },
  ],
  exports: [SHORT_LIVED_STORE],
})
class ShortLivedStoreModule {}

@Global()
@Module({
  imports: [
    ShortLivedStoreModule,
    NestCacheModule.registerAsync({
      imports: [ShortLivedStoreModule],
      inject: [SHORT_LIVED_STORE],
      useFactory: (store: ShortLivedStore) => ({ stores: [store.keyv] }),
    }),
  ],
  providers: [KeyValueCache, PrincipalVersions],
  exports: [KeyValueCache, PrincipalVersions],
})
export class CacheModule {}
