import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { IdempotencyRepository } from './idempotency.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Forgets idempotency keys past their 24 hours. Every instance runs it; the DELETE is the same
 * on each, so running it twice costs nothing. An expired key met before this runs is freed then.
 */
@Injectable()
export class IdempotencyCleanup {
  private readonly logger = new Logger(IdempotencyCleanup.name);

  constructor(private readonly keys: IdempotencyRepository) {}

  @Interval(HOUR_MS)
  async run(): Promise<void> {
    try {
      await this.keys.deleteExpired(new Date());
    } catch (error) {
      this.logger.warn(`idempotency key cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
