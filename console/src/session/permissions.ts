import { Permission, type PermissionName } from '../../../clients/typescript';

export { Permission };
export type { PermissionName };

const { STAFF, MODERATOR_CHIEF, ADMINISTRATOR, SERVICE_ADMINISTRATOR, DEVELOPER } = Permission;

/** Who the API lets do what (decisions §4, §9, §11, §12); the console only hides what would be refused. */
export const STAFF_BITS = [STAFF, MODERATOR_CHIEF, ADMINISTRATOR, SERVICE_ADMINISTRATOR, DEVELOPER];
export const REVIEWERS = [MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER];
export const STAFF_READERS = [STAFF, MODERATOR_CHIEF, ADMINISTRATOR];
/** Sanctions and character end states. */
export const SANCTION_ISSUERS = [MODERATOR_CHIEF, ADMINISTRATOR];
/** ADMINISTRATOR reads every event, MODERATOR_CHIEF the `character.*` ones. */
export const AUDIT_READERS = [ADMINISTRATOR, MODERATOR_CHIEF];
export const ADMINISTRATORS = [ADMINISTRATOR];

export type Needs = readonly number[];

export function holdsAny(permissions: number, needs: Needs): boolean {
  return needs.some((bit) => (permissions & bit) !== 0);
}

/** The names of the bits set in `permissions`, lowest first. */
export function permissionNames(permissions: number): PermissionName[] {
  return (Object.entries(Permission) as [PermissionName, number][]).filter(([, bit]) => (permissions & bit) !== 0).map(([name]) => name);
}

export function nameOf(bit: number): PermissionName {
  return permissionNames(bit)[0];
}
