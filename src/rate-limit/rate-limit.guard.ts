import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { AppConfig } from '../config/config';

/** Counts per signed-in user, else per client IP (decisions §4.25). */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  // The Redis storage ignores client key prefixes, so the deployment's prefix goes in the tracker.
  protected override async getTracker(request: AuthenticatedRequest): Promise<string> {
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip ?? 'unknown'}`;
    return `${this.config.redisKeyPrefix}${who}`;
  }
}
