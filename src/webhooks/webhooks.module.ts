import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookWorker } from './webhook-worker';
import { WebhookEntity } from './webhook.entity';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Webhooks: subscriptions, the outbox fed by every domain event, and the delivery worker of this instance. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity, WebhookDeliveryEntity])],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookWorker, WebhookOutbox],
})
export class WebhooksModule {}
