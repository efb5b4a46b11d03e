import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasAllPermissions, hasAnyPermission } from '../common/permissions/permission';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AUTH_METADATA, type AuthenticatedRequest, type AuthRequirement } from './auth.decorators';
import { AuthError } from './auth.errors';
import { SessionStrategy } from './session.strategy';

/**
 * The one global guard, so the order is fixed: session (the session strategy), then
 * permissions, then the rate limit (which can then count per user). The strategy is called
 * directly: passport's per-request machinery (a middleware, a strategy copy and callbacks for
 * every request) only wrapped this one call.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimit: RateLimitGuard,
    private readonly sessions: SessionStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (requirement) await this.authenticate(context, requirement);
    return this.rateLimit.canActivate(context);
  }

  private async authenticate(context: ExecutionContext, requirement: AuthRequirement): Promise<void> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    try {
      request.user = await this.sessions.validate(request);
    } catch (error) {
      if (requirement.optional && error instanceof AuthError) return;
      throw error;
    }
    const { permissions } = request.user;
    if (requirement.anyOf?.length && !hasAnyPermission(permissions, requirement.anyOf)) {
      throw new AuthError('MISSING_FULL_PERMISSIONS');
    }
    if (requirement.allOf?.length && !hasAllPermissions(permissions, requirement.allOf)) {
      throw new AuthError('MISSING_PARTIAL_PERMISSIONS');
    }
  }
}
