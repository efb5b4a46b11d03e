/** The permission bits of a user's `permissions` bitfield (decisions §4.1). */
export enum Permission {
  USER = 1,
  STAFF = 2,
  MODERATOR_CHIEF = 4,
  ADMINISTRATOR = 8,
  SERVICE_ADMINISTRATOR = 16,
  DEVELOPER = 32,
}

export const ALL_PERMISSION_BITS = Object.values(Permission)
  .filter((value): value is Permission => typeof value === 'number')
  .reduce((all, bit) => all | bit, 0);

export function hasAnyPermission(bitfield: number, required: readonly Permission[]): boolean {
  return required.some((bit) => (bitfield & bit) === bit);
}

export function hasAllPermissions(bitfield: number, required: readonly Permission[]): boolean {
  return required.every((bit) => (bitfield & bit) === bit);
}

export function permissionFromName(name: string): Permission | undefined {
  const value = (Permission as unknown as Record<string, unknown>)[name];
  return typeof value === 'number' ? (value as Permission) : undefined;
}
