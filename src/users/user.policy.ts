import type { SessionUser } from '../auth/session-user';
import { ForbiddenError } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';

/** Who may read another user's profile (spec, GET /v1/users/:userId). */
const PROFILE_READERS = [Permission.SERVICE_ADMINISTRATOR, Permission.DEVELOPER];

export function assertMayReadProfile(caller: SessionUser, userId: string): void {
  if (caller.id !== userId && !hasAnyPermission(caller.permissions, PROFILE_READERS)) throw new ForbiddenError();
}

/** Only the owner picks their active character. */
export function assertMayPickActiveCharacter(caller: SessionUser, userId: string): void {
  if (caller.id !== userId) throw new ForbiddenError();
}

/** Whether a caller holding `callerBits` may turn `from` into `to`: every changed bit must be theirs (decisions §5). */
export function mayChangePermissions(callerBits: number, from: number, to: number): boolean {
  return ((from ^ to) & ~callerBits) === 0;
}
