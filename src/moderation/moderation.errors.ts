import { DomainError } from '../common/errors/domain-error';

export class UnknownSanction extends DomainError {
  constructor() {
    super(404, 'Unknown Sanction');
  }
}

export class SanctionAlreadyRevoked extends DomainError {
  constructor() {
    super(409, 'Sanction Already Revoked');
  }
}

export class UnknownNote extends DomainError {
  constructor() {
    super(404, 'Unknown Note');
  }
}

/** Every state change of a suspended user (decisions §11–12); `details` is an object here. */
export class UserSuspended extends DomainError {
  constructor(expiresAt: Date | null) {
    super(403, 'Suspended', { code: 'USER_SUSPENDED', objectDetails: { expiresAt: expiresAt?.toISOString() ?? null } });
  }
}
