import { hasAnyPermission, type Permission } from '../common/permissions/permission';
import { AuthError } from './access.errors';

/**
 * The caller of a request, as the access guard found it: a signed-in person, or a service key
 * (a game server) whose `id` is the key's id and which has no user.
 */
export interface Principal {
  kind: 'user' | 'service_key';
  id: string;
  permissions: number;
  /** A service key's maker, for whom it acts (decisions §13); absent for a user and a key made before makers were kept. */
  onBehalfOf?: string;
}

/** The caller's user id, or null for a service key (which acts for no person). */
export function userIdOf(caller: Principal): string | null {
  return caller.kind === 'user' ? caller.id : null;
}

/**
 * The person a caller's "own" and "self" rules are about: the user, or the maker a key acts for,
 * so a key can do nothing to its maker that its maker could not do to themselves.
 */
export function personOf(caller: Principal): string | null {
  return caller.kind === 'user' ? caller.id : (caller.onBehalfOf ?? null);
}

/** Game-server routes: any service key, or a person holding one of `staffBits` (decisions §8, §11). */
export function assertServiceKeyOrStaff(caller: Principal, staffBits: Permission[]): void {
  if (caller.kind !== 'service_key' && !hasAnyPermission(caller.permissions, staffBits)) {
    throw new AuthError('MISSING_FULL_PERMISSIONS');
  }
}
