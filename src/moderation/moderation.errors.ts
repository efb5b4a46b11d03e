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
