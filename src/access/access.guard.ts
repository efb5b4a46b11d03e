import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasAllPermissions, hasAnyPermission } from '../common/permissions/permission';
import { ALLOWED_WHILE_SUSPENDED, AUTH_METADATA, type AuthenticatedRequest, type AuthRequirement } from './access.decorators';
import { AuthError, UserSuspended } from './access.errors';
import { PRINCIPAL_RESOLVERS, type PrincipalResolver, RESTRICTION_CHECK, type RestrictionCheck } from './access.ports';
import { credentialsOf } from './credentials';
import { FailedCredentials } from './failed-credentials';
import type { Principal } from './principal';
import { RateLimitGuard } from './rate-limit.guard';

/** Methods that change nothing; a suspended user may still make them (decisions §12). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one global guard, so the order is fixed: the principal (from whichever resolver accepts the
 * credentials), then permissions, then restrictions, then the rate limit (which can then count
 * per user).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly rateLimit: RateLimitGuard,
    private readonly failures: FailedCredentials,
    @Inject(PRINCIPAL_RESOLVERS) private readonly resolvers: PrincipalResolver[],
    @Inject(RESTRICTION_CHECK) private readonly restrictions: RestrictionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (requirement) await this.authenticate(context, requirement);
    await this.refuseRestricted(context);
    return this.rateLimit.canActivate(context);
  }

  /**
   * A suspended user's state changes are refused here, in one place for every route. Reads cost
   * nothing; a change costs one lookup on the sanctions' user index.
   */
  private async refuseRestricted(context: ExecutionContext): Promise<void> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.user || request.user.kind !== 'user' || READ_METHODS.has(request.method)) return;
    if (this.reflector.get<boolean | undefined>(ALLOWED_WHILE_SUSPENDED, context.getHandler())) return;
    const restriction = await this.restrictions.restrictionOf(request.user.id);
    // A ban revoked every session; one that slipped past it (a sign-in racing the ban) is dead too.
    if (restriction?.type === 'ban') throw new AuthError('INVALID_TOKEN');
    if (restriction) throw new UserSuspended(restriction.expiresAt);
  }

  private async authenticate(context: ExecutionContext, requirement: AuthRequirement): Promise<void> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    try {
      request.user = await this.principalOf(request);
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

  /** A client that failed too many presentations is refused before any lookup (decisions §13). */
  private async principalOf(request: AuthenticatedRequest): Promise<Principal> {
    const credentials = credentialsOf(request);
    const resolver = this.resolvers.find((candidate) => candidate.accepts(credentials));
    if (!resolver) throw new AuthError('UNAUTHENTICATED');
    if (credentials.accessToken !== undefined || credentials.refreshToken !== undefined) this.failures.refuseBlocked(request);
    try {
      return await resolver.resolve(request, credentials);
    } catch (error) {
      if (error instanceof AuthError && error.status === 401 && error.code !== 'UNAUTHENTICATED') await this.failures.count(request);
      throw error;
    }
  }
}
