import { ForbiddenError } from '../errors/domain-error';

/**
 * Owner-only endpoints: the path user must be the caller. Called before anything is looked up
 * (ownership before existence, decisions §7), so another user's id answers the same 403 whether
 * that user exists or not, and so does a malformed one (PathUserId makes it NO_SUCH_ID). The
 * contract words the 403 differently per endpoint (`Forbidden` on writes, `Unauthorized` on the
 * character list), hence `error`.
 */
export function assertPathUserIsCaller(
  pathUserId: string,
  callerId: string,
  error: 'Forbidden' | 'Unauthorized' = 'Forbidden',
): void {
  if (pathUserId !== callerId) throw new ForbiddenError(error);
}
