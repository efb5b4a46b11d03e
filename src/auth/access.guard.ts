import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasAllPermissions, hasAnyPermission } from '../common/permissions/permission';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { UserSuspended } from '../moderation/moderation.errors';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { ALLOWED_WHILE_SUSPENDED, AUTH_METADATA, type AuthenticatedRequest, type AuthRequirement } from './auth.decorators';
import { AuthError } from './auth.errors';
import { SessionStrategy } from './session.strategy';

/** Methods that change nothing; a suspended user may still make them (decisions §12). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one global guard, so the order is fixed: session (the session strategy), then
 * permissions, then suspension, then the rate limit (which can then count per user). The
 * strategy is called directly: passport's per-request machinery (a middleware, a strategy copy
 * and callbacks for every request) only wrapped this one call.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimit: RateLimitGuard,
    private readonly sanctions: SanctionStatusService,
    private readonly sessions: SessionStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (requirement) await this.authenticate(context, requirement);
    await this.refuseSuspended(context);
    return this.rateLimit.canActivate(context);
  }

  /**
   * A suspended user's state changes are refused here, in one place for every route. Reads cost
   * nothing; a change costs one lookup on the sanctions' user index.
   */
  private async refuseSuspended(context: ExecutionContext): Promise<void> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.user || request.user.kind !== 'user' || READ_METHODS.has(request.method)) return;
    if (this.reflector.get<boolean | undefined>(ALLOWED_WHILE_SUSPENDED, context.getHandler())) return;
    const active = (await this.sanctions.activeOf([request.user.id])).get(request.user.id);
    // A ban revoked every session; one that slipped past it (a sign-in racing the ban) is dead too.
    if (active?.type === 'ban') throw new AuthError('INVALID_TOKEN');
    if (active) throw new UserSuspended(active.expiresAt === null ? null : new Date(active.expiresAt));
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
