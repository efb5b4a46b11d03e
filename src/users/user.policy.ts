import { Permission } from '../common/permissions/permission';

/** The most character slots a user can be given. */
export const MAX_CHARACTERS_LIMIT = 1000;

/** Whether a caller holding `callerBits` may turn `from` into `to`: every changed bit must be theirs (decisions §5). */
export function mayChangePermissions(callerBits: number, from: number, to: number): boolean {
  return ((from ^ to) & ~callerBits) === 0;
}

/** The staff bits that need a second factor at the chat provider under `STAFF_REQUIRE_CHAT_MFA` (decisions §15). */
export const CHAT_MFA_BITS =
  Permission.STAFF | Permission.MODERATOR_CHIEF | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR | Permission.DEVELOPER;

export interface PermissionSources {
  permissions: number;
  syncedPermissions: number;
  chatMfa: boolean | null;
}

/** What a user may do: the manual bits OR the synced ones, less the staff bits a missing second factor voids. */
export function effectivePermissions(user: PermissionSources, requireChatMfa: boolean): number {
  const held = user.permissions | user.syncedPermissions;
  return requireChatMfa && user.chatMfa !== true ? held & ~CHAT_MFA_BITS : held;
}
