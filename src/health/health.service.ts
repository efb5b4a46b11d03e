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

/** Liveness (the database answers) and readiness (every shared dependency answers, not shutting down). */
@Injectable()
export class HealthService {
  private readonly liveness: CachedProbe;
  private readonly readiness: CachedProbe;

  constructor(
    dataSource: DataSource,
    cache: KeyValueCache,
    store: ImageStore,
    private readonly shutdown: ShutdownState,
  ) {
    const database = () => dataSource.query('SELECT 1');
    this.liveness = new CachedProbe(database);
    this.readiness = new CachedProbe(() => Promise.all([database(), cache.ping(), store.check()]));
  }

  isHealthy(): Promise<boolean> {
    return this.liveness.ok();
  }

  async isReady(): Promise<boolean> {
    if (this.shutdown.shuttingDown) return false;
    return (await this.readiness.ok()) && !this.shutdown.shuttingDown;
  }
}
