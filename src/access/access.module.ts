import { type DynamicModule, type ModuleMetadata, Module, type Type } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/config';
import { AccessGuard } from './access.guard';
import { PRINCIPAL_RESOLVERS, type PrincipalResolver, RESTRICTION_CHECK, type RestrictionCheck } from './access.ports';
import { FailedCredentials } from './failed-credentials';
import { MemoizedReflector } from './memoized-reflector';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStorage } from './rate-limit-storage';

export interface AccessOptions {
  /** The modules that export the resolvers and the restriction check. */
  imports: ModuleMetadata['imports'];
  /** Tried in order; the first that accepts a request's credentials resolves its principal. */
  resolvers: Type<PrincipalResolver>[];
  restrictions: Type<RestrictionCheck>;
}

/**
 * The access core: the global guard (principal, permissions, restrictions, rate limit). It is
 * wired once, by the application module, to the features that resolve principals, so that the
 * features depend on this core and never the other way round.
 */
@Module({})
export class AccessModule {
  static forRoot(options: AccessOptions): DynamicModule {
    return {
      module: AccessModule,
      imports: [
        ...(options.imports ?? []),
        ThrottlerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimits.defaultPerMinute }],
            skipIf: () => !config.rateLimits.enabled,
            storage: config.redisUrl ? new RateLimitStorage(config.redisUrl, config.dependencyTimeouts.redisCommandMs) : undefined,
          }),
        }),
      ],
      providers: [
        { provide: Reflector, useClass: MemoizedReflector },
        RateLimitGuard,
        FailedCredentials,
        { provide: PRINCIPAL_RESOLVERS, inject: options.resolvers, useFactory: (...resolvers: PrincipalResolver[]) => resolvers },
        { provide: RESTRICTION_CHECK, useExisting: options.restrictions },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
