import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';

/** Who may read another user's profile (spec, GET /v1/users/:userId). */
const PROFILE_READERS = [Permission.SERVICE_ADMINISTRATOR, Permission.DEVELOPER];

export function assertMayReadProfile(caller: Principal, userId: string): void {
  if (caller.id !== userId && !hasAnyPermission(caller.permissions, PROFILE_READERS)) throw new ForbiddenError();
}
