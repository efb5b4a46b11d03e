import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn } from '../database/columns';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to post to one webhook: the transactional outbox's row, written with the event. */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_due', ['nextAttemptAt'], { where: `"status" = 'pending'` })
@Index('IDX_webhook_deliveries_webhook', ['webhookId', 'id'])
export class WebhookDeliveryEntity {
  /** Also the `webhook-id` header, stable across retries. */
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('webhooks', { name: 'webhook_deliveries_webhookId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  webhookId: string;

  @SnowflakeColumn()
  eventId: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  /** The event exactly as `GET /v1/audit` shows it, as JSON text. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @TimestampColumn()
  nextAttemptAt: Date;

  /** Retries stop once `WEBHOOK_RETRY_WINDOW_MS` has passed since this moment. */
  @TimestampColumn()
  windowStartedAt: Date;

  /** A worker's claim on the row; past this moment another worker may take it. */
  @TimestampColumn({ nullable: true })
  claimedUntil: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  @TimestampColumn({ nullable: true })
  deliveredAt: Date | null;
}
