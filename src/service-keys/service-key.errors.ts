import { DomainError } from '../common/errors/domain-error';

export class UnknownServiceKey extends DomainError {
  constructor() {
    super(404, 'Unknown Service Key');
  }
}
