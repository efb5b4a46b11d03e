import { DomainError } from '../common/errors/domain-error';

export class UnknownBank extends DomainError {
  constructor() {
    super(404, 'Unknown Bank');
  }
}

export class DuplicateAccount extends DomainError {
  constructor() {
    super(409, 'Duplicate Account');
  }
}

export class InsufficientCapital extends DomainError {
  constructor() {
    super(400, 'Insufficient capital');
  }
}
