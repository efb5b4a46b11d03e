import { DomainError, type FieldIssue } from '../common/errors/domain-error';

export class CharacterLimitExceeded extends DomainError {
  constructor() {
    super(409, 'User Max Character Limit Exceeded');
  }
}

export class DuplicateSubmission extends DomainError {
  constructor() {
    super(409, 'Duplicate Submission');
  }
}

/** Decisions §4.9: edits are locked while a character waits for review. */
export class CharacterPendingApproval extends DomainError {
  constructor() {
    super(403, 'Character Pending Approval');
  }
}

/**
 * The contract answers 500 here (a submission without its assets, or a status update that did
 * not apply); `details` says what is missing (decisions §4.16).
 */
export class MissingCharacterData extends DomainError {
  constructor(details: FieldIssue[] = []) {
    super(500, 'Missing character data', { details });
  }
}

/** Only an approved character ends; a retired one may still die (decisions §12). */
export class CharacterNotEndable extends DomainError {
  constructor() {
    super(409, 'Not Approved');
  }
}

/** Only an approved character can be the active one. */
export class CharacterNotApproved extends DomainError {
  constructor() {
    super(409, 'Character Not Approved');
  }
}
