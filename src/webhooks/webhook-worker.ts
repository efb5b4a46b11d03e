import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { ProcessRole } from '../config/process-role';
import { MetricsService } from '../metrics/metrics.service';
import { retryDelayMs } from './retry-schedule';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { outgoingRequest } from './webhook-formats';
import { type AttemptResult, DELIVERY_TIMEOUT_MS, postToTarget } from './webhook-sender';
import { UnsafeWebhookUrl, vetWebhookUrl } from './webhook-url';
import { WebhooksRepository } from './webhooks.repository';

/** Deliveries taken per pass; a full batch triggers another pass at once. */
const BATCH = 16;
/** A claim outlives the longest attempt, so a live worker never loses its row to another. */
const LEASE_MS = DELIVERY_TIMEOUT_MS * 6;

/**
 * Every instance runs one: it claims due deliveries, posts them and schedules retries. It looks
 * every `WEBHOOK_POLL_MS` and at once when woken after a commit that wrote deliveries.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookWorker.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly role: ProcessRole,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.role.serves) return;
    this.metrics.readOutboxDepthFrom(() => this.repository.countPending());
    this.timer = setInterval(() => this.wake(), this.config.webhooks.pollMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Finishes the attempts in flight (each bounded by its 10 s timeout) and records their outcome
   * while the database is still open; nothing new is claimed. A process killed meanwhile leaves
   * claims that lapse after their lease, so another instance sends them (at least once).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.stopped || !this.role.serves) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      let claimed: WebhookDeliveryEntity[];
      do {
        const now = new Date();
        claimed = await this.repository.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH);
        await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      } while (claimed.length === BATCH && !this.stopped);
    } catch (error) {
      this.logger.warn(`webhook deliveries: ${(error as Error).message}`);
    }
  }

  private async attempt(delivery: WebhookDeliveryEntity): Promise<void> {
    const webhook = await this.repository.find(this.repository.manager, delivery.webhookId);
    if (!webhook) return;
    const result = await this.post(webhook.url, () =>
      outgoingRequest(webhook.format, webhook.secret, delivery.id, delivery.payload, new Date()),
    );
    const outcome = this.outcome(delivery, result);
    await this.repository.finish(delivery.id, outcome);
    this.metrics.webhookDeliveries.inc({ status: 'status' in outcome ? outcome.status : 'retried' });
  }

  /** The SSRF guard runs again at every attempt, and the connection is pinned to the vetted address. */
  private async post(url: string, request: () => ReturnType<typeof outgoingRequest>): Promise<AttemptResult> {
    try {
      const target = await vetWebhookUrl(url, this.config.webhooks.allowPrivate);
      return await postToTarget(target, request());
    } catch (error) {
      if (!(error instanceof UnsafeWebhookUrl)) throw error;
      return { ok: false, statusCode: null, error: `refused: ${error.message}`, retryAfterMs: null };
    }
  }

  private outcome(delivery: WebhookDeliveryEntity, result: AttemptResult) {
    const now = new Date();
    const attempts = delivery.attempts + 1;
    const common = { attempts, lastStatusCode: result.statusCode, lastError: result.error };
    if (result.ok) return { ...common, status: 'delivered' as const, deliveredAt: now };
    const { retryBaseMs, retryWindowMs } = this.config.webhooks;
    const next = now.getTime() + retryDelayMs(attempts, retryBaseMs, result.retryAfterMs);
    if (next > delivery.windowStartedAt.getTime() + retryWindowMs) return { ...common, status: 'failed' as const };
    return { ...common, nextAttemptAt: new Date(next) };
  }
}
