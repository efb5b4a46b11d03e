import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeyValueCache } from '../cache/key-value-cache';
import { ImageStore } from '../images/storage/image-store';
import { ShutdownState } from './shutdown-state';

const CHECK_TIMEOUT_MS = 1000;
const CACHE_MS = 1000;

/**
 * A dependency check whose result is reused for a second and which never takes more than a
 * second, so probes arriving in bursts cost the dependencies one round trip.
 */
class CachedProbe {
  private last: { at: number; ok: Promise<boolean> } | undefined;

  constructor(private readonly check: () => Promise<unknown>) {}

  ok(): Promise<boolean> {
    const now = Date.now();
    if (!this.last || now - this.last.at >= CACHE_MS) this.last = { at: now, ok: this.probe() };
    return this.last.ok;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    });
    const check = this.check().then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([check, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Readiness: every shared dependency answers and the process is not shutting down. Liveness is
 * only that the process serves requests (decisions §13): a dependency outage must take pods out
 * of the load balancer, never make Kubernetes restart all of them at once.
 */
@Injectable()
export class HealthService {
  private readonly readiness: CachedProbe;

  constructor(
    dataSource: DataSource,
    cache: KeyValueCache,
    store: ImageStore,
    private readonly shutdown: ShutdownState,
  ) {
    this.readiness = new CachedProbe(() => Promise.all([dataSource.query('SELECT 1'), cache.ping(), store.check()]));
  }

  async isReady(): Promise<boolean> {
    if (this.shutdown.shuttingDown) return false;
    return (await this.readiness.ok()) && !this.shutdown.shuttingDown;
  }
}
