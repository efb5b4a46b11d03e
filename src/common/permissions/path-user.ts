import { ForbiddenError } from '../errors/domain-error';

/**
 * Owner-only endpoints: the path user must be the caller. The contract words the 403 differently
 * per endpoint (`Forbidden` on writes, `Unauthorized` on the character list), hence `error`.
 */
export function assertPathUserIsCaller(
  pathUserId: string,
  callerId: string,
  error: 'Forbidden' | 'Unauthorized' = 'Forbidden',
): void {
  if (pathUserId !== callerId) throw new ForbiddenError(error);
}
