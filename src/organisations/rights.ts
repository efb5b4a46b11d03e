import { hasAnyPermission, Permission } from '../common/permissions/permission';
import type { Principal } from '../access/principal';

export const RIGHTS = ['hire', 'fire', 'promote', 'withdraw', 'view_treasury', 'issue_invoices', 'issue_fines'] as const;
export type Right = (typeof RIGHTS)[number];

/** "Staff" in decisions §14: any of these bits. */
export const STAFF_BITS = [Permission.STAFF, Permission.MODERATOR_CHIEF, Permission.ADMINISTRATOR];

export const MAX_MEMBERSHIPS = 5;

export function isStaff(caller: Principal): boolean {
  return hasAnyPermission(caller.permissions, STAFF_BITS);
}

/** Rights as stored: a comma list in the order of RIGHTS. */
export function rightsColumn(rights: readonly Right[]): string {
  return RIGHTS.filter((right) => rights.includes(right)).join(',');
}

export function rightsOf(column: string): Right[] {
  return column === '' ? [] : (column.split(',') as Right[]);
}
