import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { hasAllPermissions, hasAnyPermission } from '../common/permissions/permission';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { AUTH_METADATA, type AuthenticatedRequest, type AuthRequirement } from './auth.decorators';
import { AuthError } from './auth.errors';
import type { SessionUser } from './session-user';
import { SESSION_STRATEGY_NAME } from './session.strategy';

/**
 * The one global guard, so the order is fixed: session (the passport strategy), then
 * permissions, then the rate limit (which can then count per user).
 */
@Injectable()
export class AccessGuard extends AuthGuard() implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimit: RateLimitGuard,
    @Inject(SESSION_STRATEGY_NAME) strategyName: string,
  ) {
    super({ defaultStrategy: strategyName, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (requirement) await this.authenticate(context, requirement);
    return this.rateLimit.canActivate(context);
  }

  override handleRequest<TUser = SessionUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new AuthError('UNAUTHENTICATED');
    return user;
  }

  private async authenticate(context: ExecutionContext, requirement: AuthRequirement): Promise<void> {
    try {
      await super.canActivate(context);
    } catch (error) {
      if (requirement.optional && error instanceof AuthError) return;
      throw error;
    }
    const { permissions } = context.switchToHttp().getRequest<AuthenticatedRequest>().user!;
    if (requirement.anyOf?.length && !hasAnyPermission(permissions, requirement.anyOf)) {
      throw new AuthError('MISSING_FULL_PERMISSIONS');
    }
    if (requirement.allOf?.length && !hasAllPermissions(permissions, requirement.allOf)) {
      throw new AuthError('MISSING_PARTIAL_PERMISSIONS');
    }
  }
}
