import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { onExchangeEnd } from '../common/exchange-end';
import { AppConfig } from '../config/config';

/** What `pg.Pool` reports about itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export type OAuthCallbackOutcome = 'success' | 'failure';

/**
 * The process's Prometheus instruments (decisions §10). Other modules inject this service and
 * count through it; `MetricsServer` serves the registry on METRICS_PORT.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** Counted in a plain number and read at scrape time: a gauge update hashes its labels. */
  private inFlight = 0;
  readonly requestsInFlight = this.gauge('http_requests_in_flight', 'HTTP requests being served.', () => this.inFlight);
  readonly sessionRenewals = new Counter({
    name: 'session_renewals_total',
    help: 'Session token pairs renewed (rotated) on a request.',
    registers: [this.registry],
  });
  readonly oauthCallbacks = new Counter({
    name: 'oauth_callbacks_total',
    help: 'OAuth callbacks by provider and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });
  private uploadSlots?: () => { inUse: number; waiting: number };
  readonly uploadSlotsInUse = this.gauge('upload_slots_in_use', 'Multipart upload bodies being read now.', () => this.uploadSlots?.().inUse ?? 0);
  readonly uploadSlotsWaiting = this.gauge('upload_slots_waiting', 'Uploads waiting for a free slot.', () => this.uploadSlots?.().waiting ?? 0);
  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by resulting status.',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  readonly backups = new Counter({
    name: 'backups_total',
    help: 'Scheduled backups by outcome (success or failure).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly lastBackup = this.gauge('backup_last_success_timestamp_seconds', 'When the last scheduled backup was written (Unix time).');
  private outboxDepth?: () => Promise<number>;
  readonly webhookOutboxDepth = this.gauge('webhook_outbox_depth', 'Webhook deliveries waiting in the outbox.', () =>
    this.outboxDepth ? this.outboxDepth() : 0,
  );

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    // Default metrics start an event-loop monitor: only worth it where something scrapes them.
    if (config.metricsPort !== undefined) collectDefaultMetrics({ register: this.registry });
    this.watchPool(dataSource);
  }

  /** Request timings only where something scrapes them: a labelled observation per request is not free. */
  onApplicationBootstrap(): void {
    if (this.config.metricsPort === undefined) return;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as import('node:http').Server | undefined;
    server?.on('request', (request: IncomingMessage, response: ServerResponse) => this.observe(request, response));
  }

  /** The outbox's owner says how to count it; the count is taken only when something scrapes. */
  readOutboxDepthFrom(count: () => Promise<number>): void {
    this.outboxDepth = count;
  }

  /** The upload slots' owner says how to read them, at each scrape. */
  readUploadSlotsFrom(usage: () => { inUse: number; waiting: number }): void {
    this.uploadSlots = usage;
  }

  countOAuthCallback(provider: string, outcome: OAuthCallbackOutcome): void {
    this.oauthCallbacks.inc({ provider: KNOWN_PROVIDERS.has(provider) ? provider : 'unknown', outcome });
  }

  /** Labels by the matched route's template (`/v1/characters/:characterId`), never the raw path. */
  private observe(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    this.inFlight++;
    onExchangeEnd(request, response, () => {
      this.inFlight--;
      const route = (request as IncomingMessage & { route?: { path?: unknown } }).route?.path;
      this.requestDuration.observe(
        {
          method: request.method ?? 'UNKNOWN',
          route: typeof route === 'string' ? route : 'unmatched',
          status: response.writableFinished ? String(response.statusCode) : 'aborted',
        },
        (performance.now() - started) / 1000,
      );
    });
  }

  private watchPool(dataSource: DataSource): void {
    const pool = (dataSource.driver as unknown as { master?: Partial<PoolCounts> }).master;
    if (typeof pool?.totalCount !== 'number') return; // SQLite has no pool
    const counts = pool as PoolCounts;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and callers waiting for one.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, counts.totalCount);
        this.set({ state: 'idle' }, counts.idleCount);
        this.set({ state: 'waiting' }, counts.waitingCount);
      },
    });
  }

  /** A gauge set by its owner, or read from `read` at each scrape. */
  private gauge(name: string, help: string, read?: () => number | Promise<number>): Gauge {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      ...(read ? { async collect(this: Gauge) { this.set(await read()); } } : {}),
    });
  }
}

const KNOWN_PROVIDERS = new Set(['chatapp', 'gameplatform']);
