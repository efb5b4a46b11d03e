/** Every action a change is published as, and so recorded in the audit log (decisions §9, §11). */
export const EVENT_ACTIONS = [
  'character.submitted',
  'character.cancelled',
  'character.approved',
  'character.rejected',
  'character.edited',
  'character.retired',
  'character.deceased',
  'sanction.issued',
  'sanction.revoked',
  'user.permissions_changed',
  'user.permissions_synced',
  'user.membership_lost',
  'user.max_characters_changed',
  'user.provider_linked',
  'user.provider_unlinked',
  'bank.created',
  'bank.capital_changed',
  'bank.owner_changed',
  'account.opened',
  'organisation.created',
  'organisation.updated',
  'organisation.member_hired',
  'organisation.member_promoted',
  'organisation.member_fired',
  'organisation.member_left',
  'organisation.payroll_paid',
  'invoice.issued',
  'invoice.paid',
  'invoice.cancelled',
  'invoice.declined',
  'transfer.external',
  'service_key.created',
  'service_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
] as const;

/** Whether `action` is named by a pattern: the action itself, its `prefix.*`, or `*`. */
export function matchesAction(patterns: readonly string[], action: string): boolean {
  return patterns.some(
    (pattern) => pattern === '*' || pattern === action || (pattern.endsWith('.*') && action.startsWith(pattern.slice(0, -1))),
  );
}
