import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasAllPermissions, hasAnyPermission } from '../common/permissions/permission';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AUTH_METADATA, type AuthenticatedRequest, type AuthRequirement } from './auth.decorators';
import { AuthError } from './auth.errors';
import { SessionsService } from './sessions.service';

/**
 * The one global guard, so the order is fixed: session, then permissions, then the rate limit
 * (which can then count per user).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly rateLimit: RateLimitGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (requirement) await this.authenticate(context.switchToHttp().getRequest(), requirement);
    return this.rateLimit.canActivate(context);
  }

  private async authenticate(request: AuthenticatedRequest, requirement: AuthRequirement): Promise<void> {
    const token = accessTokenOf(request);
    if (!token) throw new AuthError('UNAUTHENTICATED');
    const user = await this.sessions.authenticate(token);
    if (requirement.anyOf?.length && !hasAnyPermission(user.permissions, requirement.anyOf)) {
      throw new AuthError('MISSING_FULL_PERMISSIONS');
    }
    if (requirement.allOf?.length && !hasAllPermissions(user.permissions, requirement.allOf)) {
      throw new AuthError('MISSING_PARTIAL_PERMISSIONS');
    }
    request.user = user;
  }
}

/** The `access_token` cookie, or else a Bearer header (decisions §4.7). */
export function accessTokenOf(request: AuthenticatedRequest): string | undefined {
  const cookie = (request.cookies as Record<string, unknown> | undefined)?.access_token;
  if (typeof cookie === 'string' && cookie) return cookie;
  const header = request.headers.authorization;
  const match = header ? /^Bearer (\S+)$/i.exec(header) : null;
  return match?.[1];
}
