import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { isSnowflake } from '../common/ids';
import { cursorPage, idOf } from '../common/pagination';
import { AppConfig } from '../config/config';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { TEST_ACTION } from './webhook-events';
import { newWebhookSecret } from './webhook-formats';
import { type DeliveredEvent, WebhookOutbox } from './webhook-outbox';
import { assertWebhookUrl } from './webhook-url';
import { WebhookWorker } from './webhook-worker';
import { DeliveryNotFailed, NoWebhookSecret, UnknownDelivery, UnknownWebhook } from './webhook.errors';
import {
  type CreatedWebhookJson,
  type DeliveryPageJson,
  toDeliveryJson,
  toWebhookJson,
  type WebhookJson,
  type WebhookListJson,
  type WebhookSecretJson,
} from './webhook.schema';
import type { WebhookEntity } from './webhook.entity';
import type { CreateWebhookDto, DeliveriesQueryDto, UpdateWebhookDto } from './webhooks.dto';
import { WebhooksRepository } from './webhooks.repository';

/** Webhook subscriptions and their deliveries (decisions §9, §12); routes are for ADMINISTRATOR only. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly transactions: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly events: DomainEvents,
    private readonly config: AppConfig,
    private readonly worker: WebhookWorker,
    private readonly outbox: WebhookOutbox,
  ) {}

  async create(caller: Principal, dto: CreateWebhookDto): Promise<CreatedWebhookJson> {
    await assertWebhookUrl(dto.url, this.config.webhooks.allowPrivate);
    const secret = dto.format === 'standard' ? newWebhookSecret() : null;
    const webhook = await this.transactions.run(async (manager) => {
      const created = await this.repository.insert(manager, {
        id: this.ids.next(),
        url: dto.url,
        events: [...new Set(dto.events)],
        format: dto.format,
        description: dto.description ?? null,
        secret,
        active: true,
      });
      // Never the URL: it is a secret, and events reach every `*` subscriber (decisions §13).
      const data = { events: created.events, format: created.format };
      await this.events.publish(manager, { action: 'webhook.created', actor: actorOf(caller), subject: { type: 'webhook', id: created.id }, data });
      return created;
    });
    return { ...toWebhookJson(webhook), ...(secret ? { secret } : {}) };
  }

  async list(): Promise<WebhookListJson> {
    return { webhooks: (await this.repository.all(this.repository.manager)).map(toWebhookJson) };
  }

  /** A new URL passes the same guard as at creation; `webhook.updated` names the fields that changed, never the URL. */
  async update(caller: Principal, webhookId: string, dto: UpdateWebhookDto): Promise<WebhookJson> {
    if (dto.url !== undefined) await assertWebhookUrl(dto.url, this.config.webhooks.allowPrivate);
    const webhook = await this.transactions.run(async (manager) => {
      const changes = changesTo(await this.require(webhookId), dto);
      const fields = Object.keys(changes);
      if (fields.length) {
        await this.repository.update(manager, webhookId, changes);
        await this.events.publish(manager, { action: 'webhook.updated', actor: actorOf(caller), subject: { type: 'webhook', id: webhookId }, data: { fields } });
      }
      return (await this.repository.find(manager, webhookId))!;
    });
    // Deliveries that waited for an inactive webhook are due now.
    if (dto.active) this.worker.wake();
    return toWebhookJson(webhook);
  }

  async delete(caller: Principal, webhookId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const webhook = await this.require(webhookId);
      await this.repository.delete(manager, webhookId);
      const data = { events: webhook.events, format: webhook.format };
      await this.events.publish(manager, { action: 'webhook.deleted', actor: actorOf(caller), subject: { type: 'webhook', id: webhookId }, data });
    });
  }

  /** A new signing secret for a `standard` webhook, shown once; the next attempt signs with it. */
  async rotateSecret(caller: Principal, webhookId: string): Promise<WebhookSecretJson> {
    const secret = newWebhookSecret();
    await this.transactions.run(async (manager) => {
      const webhook = await this.require(webhookId);
      if (webhook.format !== 'standard') throw new NoWebhookSecret();
      await this.repository.update(manager, webhookId, { secret });
      await this.events.publish(manager, { action: 'webhook.secret_rotated', actor: actorOf(caller), subject: { type: 'webhook', id: webhookId } });
    });
    return { secret };
  }

  /** A `webhook.test` event for this webhook alone; it is not an audit event. */
  async test(caller: Principal, webhookId: string): Promise<{ deliveryId: string }> {
    const webhook = await this.require(webhookId);
    const event: DeliveredEvent = {
      eventId: this.ids.next(),
      action: TEST_ACTION,
      actor: actorOf(caller),
      subject: { type: 'webhook', id: webhookId },
      data: {},
      createdAt: new Date().toISOString(),
    };
    const delivery = this.outbox.delivery(webhook, event);
    await this.transactions.run((manager) => this.outbox.insert(manager, [delivery]));
    return { deliveryId: delivery.id! };
  }

  async deliveries(webhookId: string, query: DeliveriesQueryDto): Promise<DeliveryPageJson> {
    await this.require(webhookId);
    const { page, next } = cursorPage(await this.repository.deliveriesPage(webhookId, query.before, query.limit + 1), query.limit, idOf);
    return { deliveries: page.map(toDeliveryJson), nextBefore: next };
  }

  /** A `failed` delivery starts again: attempts reset, a new retry window, due at once. */
  async retry(webhookId: string, deliveryId: string): Promise<void> {
    await this.require(webhookId);
    if (!isSnowflake(deliveryId) || !(await this.repository.findDelivery(webhookId, deliveryId))) throw new UnknownDelivery();
    const restarted = await this.transactions.run((manager) => this.repository.restart(manager, webhookId, deliveryId, new Date()));
    if (!restarted) throw new DeliveryNotFailed();
    this.worker.wake();
  }

  private async require(webhookId: string): Promise<WebhookEntity> {
    const webhook = isSnowflake(webhookId) ? await this.repository.find(this.repository.manager, webhookId) : null;
    if (!webhook) throw new UnknownWebhook();
    return webhook;
  }
}

/** The fields `dto` really changes, with their new values. */
function changesTo(current: WebhookEntity, dto: UpdateWebhookDto): Partial<Pick<WebhookEntity, 'url' | 'events' | 'active'>> {
  const events = dto.events && [...new Set(dto.events)];
  return {
    ...(dto.url !== undefined && dto.url !== current.url ? { url: dto.url } : {}),
    ...(events && JSON.stringify(events) !== JSON.stringify(current.events) ? { events } : {}),
    ...(dto.active !== undefined && dto.active !== current.active ? { active: dto.active } : {}),
  };
}
