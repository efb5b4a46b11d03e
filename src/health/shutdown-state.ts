import { Injectable } from '@nestjs/common';

/** Whether this process has begun shutting down; from then on it is no longer ready (decisions §10). */
@Injectable()
export class ShutdownState {
  private since?: Date;

  get shuttingDown(): boolean {
    return this.since !== undefined;
  }

  begin(): void {
    this.since ??= new Date();
  }
}
