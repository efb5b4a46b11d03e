import { Logger } from '@nestjs/common';

/**
 * One log line when a dependency becomes unreachable and one when it answers again, rather than
 * one per failed command or reconnection attempt; both through the application's JSON logger.
 */
export class OutageLog {
  private readonly logger: Logger;
  private down = false;

  constructor(private readonly dependency: string) {
    this.logger = new Logger(dependency);
  }

  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.error(`${this.dependency} unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log(`${this.dependency} answers again`);
  }
}
