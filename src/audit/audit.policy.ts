import { ForbiddenError } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';

/** What a caller may read of the audit log: everything, only one action prefix, or nothing (403). */
export type AuditScope = { all: true } | { all: false; prefix: string };

export function auditScopeOf(caller: { permissions: number }): AuditScope {
  if (hasAnyPermission(caller.permissions, [Permission.ADMINISTRATOR])) return { all: true };
  if (hasAnyPermission(caller.permissions, [Permission.MODERATOR_CHIEF])) return { all: false, prefix: 'character.' };
  throw new ForbiddenError();
}
