import { Module, type OnModuleInit } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.service';
import { WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Webhooks: subscriptions, the outbox fed by the audit log, and the delivery worker of this instance. */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookWorker],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly audit: AuditLog,
    private readonly webhooks: WebhooksService,
  ) {}

  onModuleInit(): void {
    this.audit.addSink(this.webhooks.outbox);
  }
}
