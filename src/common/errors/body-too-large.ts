import { DomainError } from './domain-error';

/** The body is larger than its route takes; the connection is closed with the answer. */
export class BodyTooLarge extends DomainError {
  constructor() {
    super(413, 'Payload Too Large', { headers: { Connection: 'close' } });
  }
}
