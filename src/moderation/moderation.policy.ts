import { type Principal, personOf } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';

/** Who may sanction, and who may end characters (decisions §11). */
export const SANCTION_ISSUERS = [Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR];
/** Who reads the staff dashboard's data (decisions §12). */
export const STAFF_READERS = [Permission.STAFF, Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR];

/**
 * Nobody sanctions themselves (nor does their key), nor a user holding a bit the issuer lacks;
 * revoking follows the same rule.
 */
export function assertMaySanction(issuer: Principal, target: { id: string; permissions: number }): void {
  if (personOf(issuer) === target.id) throw new ForbiddenError();
  if ((target.permissions & ~issuer.permissions) !== 0) throw new ForbiddenError();
}

/** Staff read anyone's sanctions; a user reads their own. */
export function assertMayReadSanctions(caller: Principal, userId: string): void {
  if (caller.id !== userId && !hasAnyPermission(caller.permissions, STAFF_READERS)) throw new ForbiddenError();
}

/** Notes are never shown to their subject (nor to their keys), whatever bits they hold. */
export function assertMayReadNotes(caller: Principal, userId: string): void {
  if (personOf(caller) === userId) throw new ForbiddenError();
}

/** A note is changed by its author or an administrator. */
export function assertMayChangeNote(caller: Principal, note: { authorId: string }): void {
  if (caller.id !== note.authorId && !hasAnyPermission(caller.permissions, [Permission.ADMINISTRATOR])) throw new ForbiddenError();
}
