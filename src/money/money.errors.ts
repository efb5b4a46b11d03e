import { DomainError } from '../common/errors/domain-error';

export class UnknownWallet extends DomainError {
  constructor() {
    super(404, 'Unknown Wallet');
  }
}

export class UnknownAccount extends DomainError {
  constructor() {
    super(404, 'Unknown Account');
  }
}

export class InsufficientFunds extends DomainError {
  constructor() {
    super(400, 'Insufficient funds');
  }
}

export class BalanceLimitExceeded extends DomainError {
  constructor() {
    super(400, 'Balance limit exceeded');
  }
}

export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super(409, 'Idempotency-Key reused');
  }
}

/** A retired or deceased character's wallet and accounts are frozen (decisions §11). */
export class Frozen extends DomainError {
  constructor() {
    super(409, 'Frozen');
  }
}
