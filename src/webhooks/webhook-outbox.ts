import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { matchesAction } from '../events/event-catalogue';
import type { DomainEvent } from '../events/domain-event';
import { OnDomainEvent } from '../events/on-domain-event';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookWorker } from './webhook-worker';
import type { WebhookEntity } from './webhook.entity';
import { WebhooksRepository } from './webhooks.repository';

/** What a delivery posts: a domain event, or the `webhook.test` event that is none. */
export type DeliveredEvent = Omit<DomainEvent, 'action'> & { action: string };

/**
 * The transactional outbox: when events are published, a delivery per matching webhook is written
 * in the same transaction, and the worker is woken once that transaction commits.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly ids: IdGenerator,
    private readonly transactions: TransactionRunner,
    private readonly worker: WebhookWorker,
  ) {}

  @OnDomainEvent({ actions: ['*'] })
  async enqueue(events: DomainEvent[], manager: EntityManager): Promise<void> {
    const webhooks = await this.repository.all(manager);
    const rows = events.flatMap((event) =>
      webhooks.filter((webhook) => matchesAction(webhook.events, event.action)).map((webhook) => this.delivery(webhook, event)),
    );
    await this.insert(manager, rows);
  }

  /** Deliveries written in the caller's transaction; the worker looks for them once it commits. */
  async insert(manager: EntityManager, rows: Partial<WebhookDeliveryEntity>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.repository.insertDeliveries(manager, rows);
    this.transactions.afterCommit(manager, () => this.worker.wake());
  }

  /** A pending delivery of `event` to `webhook`, due now. */
  delivery(webhook: WebhookEntity, event: DeliveredEvent): Partial<WebhookDeliveryEntity> {
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
