import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import ipaddr from 'ipaddr.js';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { AppConfig } from '../config/config';

/** Counts per signed-in user, else per client IP (decisions §4.25, §7). */
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
    const who = request.user ? `user:${request.user.id}` : `ip:${clientKey(request.ip)}`;
    return `${this.config.redisKeyPrefix}${who}`;
  }
}

/**
 * One IPv6 subscriber usually holds a whole /64, so its addresses share one counter; an
 * IPv4-mapped address is its IPv4 one. `request.ip` already honours `TRUST_PROXY`.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
