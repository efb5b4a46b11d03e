import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const CHECK_TIMEOUT_MS = 1000;
const CACHE_MS = 1000;

/** Whether the database answers; checked at most once a second, each check bounded to one second. */
@Injectable()
export class HealthService {
  private last: { at: number; healthy: Promise<boolean> } | undefined;

  constructor(private readonly dataSource: DataSource) {}

  isHealthy(): Promise<boolean> {
    const now = Date.now();
    if (!this.last || now - this.last.at >= CACHE_MS) this.last = { at: now, healthy: this.probe() };
    return this.last.healthy;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    });
    const query = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
