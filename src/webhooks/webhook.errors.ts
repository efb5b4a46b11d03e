import { DomainError } from '../common/errors/domain-error';

export class UnknownWebhook extends DomainError {
  constructor() {
    super(404, 'Unknown Webhook');
  }
}

export class UnknownDelivery extends DomainError {
  constructor() {
    super(404, 'Unknown Delivery');
  }
}

/** Only a `standard` webhook signs with a secret; a Discord one has none to rotate. */
export class NoWebhookSecret extends DomainError {
  constructor() {
    super(409, 'No Webhook Secret');
  }
}

export class DeliveryNotFailed extends DomainError {
  constructor() {
    super(409, 'Delivery Not Failed');
  }
}
