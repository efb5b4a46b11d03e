import type { EntityManager } from 'typeorm';
import type { AuditSink } from '../audit/audit-log.service';
import type { AuditEventBody } from '../audit/audit.schema';
import type { IdGenerator } from '../database/id-generator';
import type { TransactionRunner } from '../database/transaction-runner';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { matchesEvents } from './webhook-events';
import type { WebhookEntity } from './webhook.entity';
import type { WebhooksRepository } from './webhooks.repository';

/**
 * The transactional outbox: when events are recorded, a delivery per matching webhook is written
 * in the same transaction, and the worker is woken once that transaction commits.
 */
export class WebhookOutbox implements AuditSink {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly ids: IdGenerator,
    private readonly transactions: TransactionRunner,
    private readonly onCommitted: () => void = () => undefined,
  ) {}

  async recorded(manager: EntityManager, events: AuditEventBody[]): Promise<void> {
    const webhooks = await this.repository.all(manager);
    const rows = events.flatMap((event) =>
      webhooks.filter((webhook) => matchesEvents(webhook.events, event.action)).map((webhook) => this.delivery(webhook, event)),
    );
    if (rows.length === 0) return;
    await this.repository.insertDeliveries(manager, rows);
    this.transactions.afterCommit(manager, this.onCommitted);
  }

  /** A pending delivery of `event` to `webhook`, due now. */
  delivery(webhook: WebhookEntity, event: AuditEventBody): Partial<WebhookDeliveryEntity> {
    const now = new Date();
    return {
      id: this.ids.next(),
      webhookId: webhook.id,
      eventId: event.eventId,
      action: event.action,
      payload: JSON.stringify(event),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      windowStartedAt: now,
      createdAt: now,
    };
  }
}
