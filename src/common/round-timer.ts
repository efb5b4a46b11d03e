/**
 * Background work in rounds: each round is scheduled when the one before ended, so rounds never
 * overlap, and none starts after `stop` (shutdown). The timer never keeps the process alive.
 */
export class RoundTimer {
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly round: () => Promise<void>) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  after(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.round(), delayMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
