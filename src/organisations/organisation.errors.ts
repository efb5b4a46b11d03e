import { DomainError } from '../common/errors/domain-error';

export class UnknownOrganisation extends DomainError {
  constructor() {
    super(404, 'Unknown Organisation');
  }
}

export class UnknownMember extends DomainError {
  constructor() {
    super(404, 'Unknown Member');
  }
}

export class DuplicateOrganisation extends DomainError {
  constructor() {
    super(409, 'Duplicate Organisation');
  }
}

export class AlreadyMember extends DomainError {
  constructor() {
    super(409, 'Already Member');
  }
}

/** A grade change would leave a member without their grade, or put one at the boss grade. */
export class GradeInUse extends DomainError {
  constructor() {
    super(409, 'Grade In Use');
  }
}

export class LastBoss extends DomainError {
  constructor() {
    super(409, 'Last Boss');
  }
}

/** At most 5 organisations a character, at most one of them a `job` (decisions §14). */
export class MembershipLimit extends DomainError {
  constructor() {
    super(409, 'Membership Limit');
  }
}

/** A payroll the treasury cannot cover: nothing is paid (decisions §14). */
export class PayrollNotCovered extends DomainError {
  constructor(needed: number) {
    super(400, 'Insufficient funds', { objectDetails: { needed } });
  }
}

export class UnknownInvoice extends DomainError {
  constructor() {
    super(404, 'Unknown Invoice');
  }
}

/** Only a pending invoice is paid, cancelled or declined. */
export class NotPending extends DomainError {
  constructor() {
    super(409, 'Not Pending');
  }
}
