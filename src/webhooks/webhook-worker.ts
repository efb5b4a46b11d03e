import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { ProcessRole } from '../config/process-role';
import { MetricsService } from '../metrics/metrics.service';
import { retryDelayMs } from './retry-schedule';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { outgoingRequest } from './webhook-formats';
import { type AttemptResult, DELIVERY_TIMEOUT_MS, postToTarget } from './webhook-sender';
import { UnsafeWebhookUrl, vetWebhookUrl } from './webhook-url';
import { type ClaimChoice, WebhooksRepository } from './webhooks.repository';

/** Attempts in flight in this process, in all. */
const MAX_IN_FLIGHT = 64;
/** Attempts in flight to one webhook: a silent receiver holds only its own lane. */
const PER_WEBHOOK = 4;
/** Due deliveries looked at per claim. */
const LOOK_AHEAD = 64;
/** A claim outlives the longest attempt, so a live worker never loses its row to another. */
const LEASE_MS = DELIVERY_TIMEOUT_MS * 6;

/**
 * Every instance runs one: it claims due deliveries, posts them and schedules retries. It looks
 * every `WEBHOOK_POLL_MS`, at once when woken after a commit that wrote deliveries, and whenever
 * an attempt ends. Each attempt runs on its own: deliveries to different webhooks never wait on
 * each other (decisions §13), and each webhook has a lane of at most `PER_WEBHOOK` attempts.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookWorker.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  /** Attempts in flight, and how many of them each webhook has. */
  private readonly attempts = new Set<Promise<void>>();
  private readonly lanes = new Map<string, number>();

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
    await Promise.all(this.attempts);
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

  /** Claims while there is room and something to take; the attempts run on without it. */
  private async drain(): Promise<void> {
    try {
      let claimed: WebhookDeliveryEntity[];
      do {
        const room = MAX_IN_FLIGHT - this.attempts.size;
        if (room <= 0) return;
        const now = new Date();
        claimed = await this.repository.claimDue(now, new Date(now.getTime() + LEASE_MS), LOOK_AHEAD, this.choice(room));
        for (const delivery of claimed) this.start(delivery);
      } while (claimed.length > 0 && !this.stopped);
    } catch (error) {
      this.logger.warn(`webhook deliveries: ${(error as Error).message}`);
    }
  }

  /** Full lanes are left out of the look; the rest is taken in due order while lanes and room allow. */
  private choice(room: number): ClaimChoice {
    const skipWebhooks = [...this.lanes].filter(([, inFlight]) => inFlight >= PER_WEBHOOK).map(([webhookId]) => webhookId);
    return {
      skipWebhooks,
      choose: (due) => {
        const lanes = new Map(this.lanes);
        return due.filter(({ webhookId }) => {
          const inFlight = lanes.get(webhookId) ?? 0;
          if (inFlight >= PER_WEBHOOK || room === 0) return false;
          lanes.set(webhookId, inFlight + 1);
          room--;
          return true;
        });
      },
    };
  }

  private start(delivery: WebhookDeliveryEntity): void {
    const { webhookId } = delivery;
    this.lanes.set(webhookId, (this.lanes.get(webhookId) ?? 0) + 1);
    const attempt: Promise<void> = this.attempt(delivery)
      .catch((error: Error) => this.logger.warn(`webhook delivery ${delivery.id}: ${error.message}`))
      .finally(() => {
        this.attempts.delete(attempt);
        const left = this.lanes.get(webhookId)! - 1;
        if (left > 0) this.lanes.set(webhookId, left);
        else this.lanes.delete(webhookId);
        this.wake();
      });
    this.attempts.add(attempt);
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
