/**
 * The caller of a request, as the session guard found it: a signed-in person, or a service key
 * (a game server) whose `id` is the key's id and which has no user.
 */
export interface SessionUser {
  kind: 'user' | 'service_key';
  id: string;
  permissions: number;
}

/** The caller's user id, or null for a service key (which acts for no person). */
export function userIdOf(caller: SessionUser): string | null {
  return caller.kind === 'user' ? caller.id : null;
}
