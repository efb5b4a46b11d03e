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
