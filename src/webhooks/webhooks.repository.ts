import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, LessThan } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EntityRows } from '../infrastructure/entity-rows';
import { TransactionRunner } from '../database/transaction-runner';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEntity } from './webhook.entity';

export type DeliveryChanges = QueryDeepPartialEntity<WebhookDeliveryEntity>;

/** A due delivery as the claim sees it, before it is taken. */
export interface DueDelivery {
  id: string;
  webhookId: string;
}

/** Which due deliveries to take, and which webhooks to leave out of the look (their lanes are full). */
export interface ClaimChoice {
  skipWebhooks: string[];
  choose(due: DueDelivery[]): DueDelivery[];
}

/** The one way to the `webhooks` and `webhook_deliveries` tables. */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async insert(manager: EntityManager, webhook: Partial<WebhookEntity> & { id: string }): Promise<WebhookEntity> {
    await manager.insert(WebhookEntity, webhook);
    return manager.findOneByOrFail(WebhookEntity, { id: webhook.id });
  }

  find(manager: EntityManager, id: string): Promise<WebhookEntity | null> {
    return manager.findOneBy(WebhookEntity, { id });
  }

  /**
   * Every webhook, active or not: an inactive one's deliveries wait until it is active again. Read
   * in every transaction that publishes an event (the outbox): hand-written SQL (see EntityRows).
   */
  all(manager: EntityManager): Promise<WebhookEntity[]> {
    return EntityRows.of(manager.connection, WebhookEntity).findAll(manager, ['id']);
  }

  async update(manager: EntityManager, id: string, changes: QueryDeepPartialEntity<WebhookEntity>): Promise<void> {
    await manager.update(WebhookEntity, { id }, changes);
  }

  /** Its deliveries go with it (ON DELETE CASCADE). */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(WebhookDeliveryEntity, { webhookId: id });
    await manager.delete(WebhookEntity, { id });
  }

  async insertDeliveries(manager: EntityManager, rows: Partial<WebhookDeliveryEntity>[]): Promise<void> {
    if (rows.length) await manager.insert(WebhookDeliveryEntity, rows);
  }

  findDelivery(webhookId: string, id: string): Promise<WebhookDeliveryEntity | null> {
    return this.manager.findOneBy(WebhookDeliveryEntity, { id, webhookId });
  }

  /** Newest first. */
  deliveriesPage(webhookId: string, before: string | undefined, limit: number): Promise<WebhookDeliveryEntity[]> {
    return this.manager.find(WebhookDeliveryEntity, {
      where: { webhookId, ...(before === undefined ? {} : { id: LessThan(before) }) },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /**
   * Claims, until `leaseUntil`, the due deliveries of active webhooks that `choice` takes among
   * the first `limit` due ones. On PostgreSQL rows another instance is claiming are skipped
   * (`FOR UPDATE SKIP LOCKED`); on SQLite the runner's serialized transactions make the read and
   * the claim one step.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number, choice: ClaimChoice): Promise<WebhookDeliveryEntity[]> {
    // A plain look first: an idle poll costs one indexed read and no transaction.
    if (!(await this.dueQuery(this.manager, now, 1, choice.skipWebhooks).getRawOne())) return [];
    return this.transactions.run(async (manager) => {
      const query = this.dueQuery(manager, now, limit, choice.skipWebhooks);
      if (this.transactions.dialect === 'postgres') query.setLock('pessimistic_write', undefined, ['d']).setOnLocked('skip_locked');
      const due = (await query.getRawMany<DueDelivery>()).map((row) => ({ id: String(row.id), webhookId: String(row.webhookId) }));
      const ids = choice.choose(due).map((delivery) => delivery.id);
      if (ids.length === 0) return [];
      await manager.update(WebhookDeliveryEntity, { id: In(ids) }, { claimedUntil: leaseUntil });
      return manager.findBy(WebhookDeliveryEntity, { id: In(ids) });
    });
  }

  /** Deliveries still to be sent, due or waiting for a retry. */
  countPending(): Promise<number> {
    return this.manager.countBy(WebhookDeliveryEntity, { status: 'pending' });
  }

  private dueQuery(manager: EntityManager, now: Date, limit: number, skipWebhooks: string[]) {
    const query = manager
      .createQueryBuilder(WebhookDeliveryEntity, 'd')
      .select('d.id', 'id')
      .addSelect('d.webhookId', 'webhookId')
      .innerJoin(WebhookEntity, 'w', 'w.id = d.webhookId')
      .where("d.status = 'pending' AND d.nextAttemptAt <= :now AND w.active = :active", { now, active: true })
      .andWhere('(d.claimedUntil IS NULL OR d.claimedUntil < :now)', { now });
    if (skipWebhooks.length) query.andWhere('d.webhookId NOT IN (:...skipWebhooks)', { skipWebhooks });
    return query.orderBy('d.nextAttemptAt', 'ASC').limit(limit);
  }

  /** Records an attempt's outcome on a delivery still pending (a webhook deleted meanwhile took it along). */
  finish(id: string, changes: DeliveryChanges): Promise<void> {
    return this.transactions.run(async (manager) => {
      await manager.update(WebhookDeliveryEntity, { id, status: 'pending' }, { ...changes, claimedUntil: null });
    });
  }

  /** `failed` back to `pending`, due now, with a new retry window; false when it was not failed. */
  async restart(manager: EntityManager, webhookId: string, id: string, now: Date): Promise<boolean> {
    const result = await manager.update(
      WebhookDeliveryEntity,
      { id, webhookId, status: 'failed' },
      { status: 'pending', attempts: 0, nextAttemptAt: now, windowStartedAt: now, claimedUntil: null },
    );
    return (result.affected ?? 0) === 1;
  }
}
