import { Permission } from '../common/permissions/permission';

/** The most character slots a user can be given. */
export const MAX_CHARACTERS_LIMIT = 1000;

import type { Principal } from '../access/principal';

/**
 * Whether `caller` may turn the user's `from` into `to`: every changed bit must be theirs
 * (decisions §5), and a key never changes its own maker's, which could undo a demotion (§13).
 */
export function mayChangePermissions(caller: Principal, userId: string, from: number, to: number): boolean {
  if (caller.kind === 'service_key' && caller.onBehalfOf === userId && from !== to) return false;
  return ((from ^ to) & ~caller.permissions) === 0;
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
