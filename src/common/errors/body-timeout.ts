import { DomainError } from './domain-error';

/** The body did not arrive in time; the connection is closed with the answer. */
export class BodyTimeout extends DomainError {
  constructor() {
    super(408, 'Request Timeout', { headers: { Connection: 'close' } });
  }
}
