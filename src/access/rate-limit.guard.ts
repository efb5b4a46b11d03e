import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import ipaddr from 'ipaddr.js';
import type { AuthenticatedRequest } from './access.decorators';
import { AppConfig } from '../config/config';

const MINUTE_MS = 60_000;

/**
 * Counts per signed-in user, else per client IP (decisions §4.25, §7). A service key has one
 * budget of `RATE_LIMIT_SERVICE` a minute over every route (decisions §8).
 */
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
    const caller = request.user;
    const who = caller ? `${caller.kind === 'service_key' ? 'key' : 'user'}:${caller.id}` : `ip:${clientKey(request.ip)}`;
    return `${this.config.redisKeyPrefix}${who}`;
  }

  protected override handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const request = props.context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (request.user?.kind !== 'service_key') return super.handleRequest(props);
    return super.handleRequest({
      ...props,
      limit: this.config.rateLimits.servicePerMinute,
      ttl: MINUTE_MS,
      blockDuration: MINUTE_MS,
      generateKey: (_context, tracker, name) => `${tracker}:${name}`,
    });
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
