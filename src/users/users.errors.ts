import { DomainError } from '../common/errors/domain-error';

export class CharacterNotApproved extends DomainError {
  constructor() {
    super(409, 'Character Not Approved');
  }
}
