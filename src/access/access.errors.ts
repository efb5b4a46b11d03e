import { DomainError } from '../common/errors/domain-error';

export type AuthCode =
  | 'UNAUTHENTICATED'
  | 'INVALID_TOKEN_STRUCTURE'
  | 'INVALID_TOKEN'
  | 'FAILED_TOKEN_UID_MISSMATCH'
  | 'USER_NOT_FOUND'
  | 'MISSING_FULL_PERMISSIONS'
  | 'MISSING_PARTIAL_PERMISSIONS'
  | 'FAILED_TOKEN_RENEWAL';

/** An authentication failure with the contract's code (spec, Authentication codes). */
export class AuthError extends DomainError {
  constructor(readonly code: AuthCode) {
    const forbidden = code === 'MISSING_FULL_PERMISSIONS' || code === 'MISSING_PARTIAL_PERMISSIONS';
    super(forbidden ? 403 : 401, forbidden ? 'Forbidden' : 'Unauthorized', { code });
  }
}

/** Every state change of a suspended user (decisions §11–12); `details` is an object here. */
export class UserSuspended extends DomainError {
  constructor(expiresAt: Date | null) {
    super(403, 'Suspended', { code: 'USER_SUSPENDED', objectDetails: { expiresAt: expiresAt?.toISOString() ?? null } });
  }
}
