import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import { ForbiddenError } from '../common/errors/domain-error';
import { idOrNone } from '../common/ids';
import type { Permission } from '../common/permissions/permission';
import type { Principal } from './principal';

export const AUTH_METADATA = 'auth:requirement';

export interface AuthRequirement {
  /** The caller needs at least one of these bits (else MISSING_FULL_PERMISSIONS). */
  anyOf?: Permission[];
  /** The caller needs every one of these bits (else MISSING_PARTIAL_PERMISSIONS). */
  allOf?: Permission[];
  /** A missing or failing session leaves the caller anonymous instead of answering 401. */
  optional?: boolean;
}

/** The route needs a session (or a service key), and optionally permissions. */
export function Authenticated(requirement: AuthRequirement = {}) {
  return applyDecorators(SetMetadata(AUTH_METADATA, requirement), ApiCookieAuth('access_token'), ApiBearerAuth());
}

/** The route works signed out too; a valid session (renewed if due) makes the caller known. */
export function OptionalAuthentication() {
  return applyDecorators(SetMetadata(AUTH_METADATA, { optional: true }), ApiCookieAuth('access_token'));
}

export const ALLOWED_WHILE_SUSPENDED = 'auth:allowed-while-suspended';

/** A state change a suspended user may still make (logout): decisions §12. */
export function AllowedWhileSuspended() {
  return SetMetadata(ALLOWED_WHILE_SUSPENDED, true);
}

export type AuthenticatedRequest = Request & { user?: Principal };

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user!;
});

/**
 * `:userId` with `@me` resolved to the caller. A malformed id names nobody: it becomes NO_SUCH_ID,
 * which owner-only routes refuse as another user's (403) and staff routes answer as unknown (404).
 * A service key is nobody's `@me` (decisions §8).
 */
export const PathUserId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  const raw = request.params.userId;
  if (raw === '@me' && request.user?.kind === 'service_key') throw new ForbiddenError();
  return raw === '@me' && request.user ? request.user.id : idOrNone(raw);
});

const MINUTE_MS = 60_000;

/** At most `perMinute` requests a minute, counted per user when signed in, else per client IP. */
export function RateLimit(perMinute: number) {
  return Throttle({ default: { limit: perMinute, ttl: MINUTE_MS } });
}

export function SkipRateLimit() {
  return SkipThrottle({ default: true });
}
