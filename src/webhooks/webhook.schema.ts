import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import type { WebhookEntity } from './webhook.entity';
import { maskedWebhookUrl } from './webhook-url';

export class WebhookJson {
  @ApiProperty() webhookId: string;
  @ApiProperty({ description: 'Masked after its first path segment (`https://hooks.example.com/api/****`): the URL itself is a secret' })
  url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty({ enum: ['standard', 'discord'] }) format: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class CreatedWebhookJson extends WebhookJson {
  @ApiPropertyOptional({ description: '`whsec_…` signing key of a `standard` webhook, shown only here' })
  secret?: string;
}

export class WebhookSecretJson {
  @ApiProperty({ description: 'The new `whsec_…` signing key, shown only here; the old one stops signing at once' })
  secret: string;
}

export class WebhookListJson {
  @ApiProperty({ type: [WebhookJson] }) webhooks: WebhookJson[];
}

export class DeliveryJson {
  @ApiProperty({ description: 'also the `webhook-id` header, the same on every attempt' }) deliveryId: string;
  @ApiProperty() eventId: string;
  @ApiProperty() action: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: Number, nullable: true }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null once delivered or failed' }) nextAttemptAt: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) deliveredAt: string | null;
}

export class DeliveryPageJson {
  @ApiProperty({ type: [DeliveryJson], description: 'newest first' }) deliveries: DeliveryJson[];
  @ApiProperty({ type: String, nullable: true }) nextBefore: string | null;
}

export class DeliveryIdJson {
  @ApiProperty() deliveryId: string;
}

export function toWebhookJson(webhook: WebhookEntity): WebhookJson {
  return {
    webhookId: webhook.id,
    url: maskedWebhookUrl(webhook.url),
    events: webhook.events,
    format: webhook.format,
    description: webhook.description,
    active: webhook.active,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

export function toDeliveryJson(delivery: WebhookDeliveryEntity): DeliveryJson {
  return {
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    action: delivery.action,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}
