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

export class DeliveryNotFailed extends DomainError {
  constructor() {
    super(409, 'Delivery Not Failed');
  }
}
