import { DomainError } from '../common/errors/domain-error';

/**
 * The contract gives this one text for failures of BOTH the full-body avatar and the bust. It reads
 * like a copy-paste slip, but clients may match on it, so it is kept exactly.
 */
export class AvatarUnavailable extends DomainError {
  constructor(cause: unknown) {
    super(500, "Could not retrieve the user's avatar-bust", { cause });
  }
}

export class Avatar3dUnavailable extends DomainError {
  constructor(cause: unknown) {
    super(500, "Could not retrieve the user's avatar-3d", { cause });
  }
}

/** 403 of a caller asking for someone else's avatar (the contract's text for a user mismatch). */
export class NotTheOwner extends DomainError {
  constructor() {
    super(403, 'Unauthorized');
  }
}

export class UnknownPlayer extends DomainError {
  constructor() {
    super(404, 'Unknown Player');
  }
}
