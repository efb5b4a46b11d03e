import type { ChatRoleRules } from './role-mappings.service';

/** Why a chat sign-in is refused (decisions §15); the browser goes to `FAILURE_REDIRECT_URL?error=<this>`. */
export type MembershipRefusal = 'not_a_member' | 'missing_role' | 'unavailable';

/** What is known of a user's membership: from the answer just received, or the last one. */
export interface KnownMembership {
  /** Whether the provider ever answered about the user. */
  known: boolean;
  /** The roles held; null when not a member. */
  roleIds: string[] | null;
  pending: boolean;
}

/** Whether the community's rules gate sign-in at all. */
export function gatesSignIn(rules: ChatRoleRules): boolean {
  return rules.requireMembership || rules.requiredRoleIds.length > 0;
}

/**
 * The refusal the rules give this membership, or null. Nothing known and gating on: refused as
 * unavailable; nothing known and gating off: the manual bits decide, as without chat roles.
 */
export function membershipRefusal(rules: ChatRoleRules, membership: KnownMembership): MembershipRefusal | null {
  if (!gatesSignIn(rules)) return null;
  if (!membership.known) return 'unavailable';
  const { roleIds } = membership;
  if (rules.requireMembership && (roleIds === null || membership.pending)) return 'not_a_member';
  if (rules.requiredRoleIds.length > 0 && !rules.requiredRoleIds.some((roleId) => roleIds?.includes(roleId))) return 'missing_role';
  return null;
}
