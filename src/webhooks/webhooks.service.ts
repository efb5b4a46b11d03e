import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.service';
import type { AuditEventBody } from '../audit/audit.schema';
import { actorOf } from '../audit/audit.types';
import type { SessionUser } from '../auth/session-user';
import { isSnowflake } from '../common/ids';
import { cursorPage } from '../common/pagination';
import { AppConfig } from '../config/config';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { TEST_ACTION } from './webhook-events';
import { newWebhookSecret } from './webhook-formats';
import { WebhookOutbox } from './webhook-outbox';
import { assertWebhookUrl } from './webhook-url';
import { WebhookWorker } from './webhook-worker';
import { DeliveryNotFailed, UnknownDelivery, UnknownWebhook } from './webhook.errors';
import {
  type CreatedWebhookBody,
  type DeliveryPageBody,
  toDeliveryJson,
  toWebhookJson,
  type WebhookBody,
  type WebhookListBody,
} from './webhook.schema';
import type { WebhookEntity } from './webhook.entity';
import type { CreateWebhookDto, DeliveriesQueryDto, UpdateWebhookDto } from './webhooks.dto';
import { WebhooksRepository } from './webhooks.repository';

/** Webhook subscriptions and their deliveries (decisions §9, §12); routes are for ADMINISTRATOR only. */
@Injectable()
export class WebhooksService {
  readonly outbox: WebhookOutbox;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly transactions: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly audit: AuditLog,
    private readonly config: AppConfig,
    private readonly worker: WebhookWorker,
  ) {
    this.outbox = new WebhookOutbox(repository, ids, transactions, () => worker.wake());
  }

  async create(caller: SessionUser, dto: CreateWebhookDto): Promise<CreatedWebhookBody> {
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
      const data = { url: created.url, events: created.events, format: created.format };
      await this.audit.record(manager, { action: 'webhook.created', actor: actorOf(caller), subject: { type: 'webhook', id: created.id }, data });
      return created;
    });
    return { ...toWebhookJson(webhook), ...(secret ? { secret } : {}) };
  }

  async list(): Promise<WebhookListBody> {
    return { webhooks: (await this.repository.all(this.repository.manager)).map(toWebhookJson) };
  }

  async update(webhookId: string, dto: UpdateWebhookDto): Promise<WebhookBody> {
    if (dto.url !== undefined) await assertWebhookUrl(dto.url, this.config.webhooks.allowPrivate);
    const webhook = await this.transactions.run(async (manager) => {
      await this.require(webhookId);
      const changes = Object.fromEntries(
        Object.entries({ url: dto.url, events: dto.events && [...new Set(dto.events)], active: dto.active }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(changes).length) await this.repository.update(manager, webhookId, changes);
      return (await this.repository.find(manager, webhookId))!;
    });
    // Deliveries that waited for an inactive webhook are due now.
    if (dto.active) this.worker.wake();
    return toWebhookJson(webhook);
  }

  async delete(caller: SessionUser, webhookId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const webhook = await this.require(webhookId);
      await this.repository.delete(manager, webhookId);
      const data = { url: webhook.url, events: webhook.events, format: webhook.format };
      await this.audit.record(manager, { action: 'webhook.deleted', actor: actorOf(caller), subject: { type: 'webhook', id: webhookId }, data });
    });
  }

  /** A `webhook.test` event for this webhook alone; it is not an audit event. */
  async test(caller: SessionUser, webhookId: string): Promise<{ deliveryId: string }> {
    const webhook = await this.require(webhookId);
    const event: AuditEventBody = {
      eventId: this.ids.next(),
      action: TEST_ACTION,
      actor: actorOf(caller),
      subject: { type: 'webhook', id: webhookId },
      data: {},
      createdAt: new Date().toISOString(),
    };
    const delivery = this.outbox.delivery(webhook, event);
    await this.transactions.run(async (manager) => {
      await this.repository.insertDeliveries(manager, [delivery]);
      this.transactions.afterCommit(manager, () => this.worker.wake());
    });
    return { deliveryId: delivery.id! };
  }

  async deliveries(webhookId: string, query: DeliveriesQueryDto): Promise<DeliveryPageBody> {
    await this.require(webhookId);
    const { page, nextBefore } = cursorPage(await this.repository.deliveriesPage(webhookId, query.before, query.limit + 1), query.limit);
    return { deliveries: page.map(toDeliveryJson), nextBefore };
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
