import { register } from 'on-exit-leak-free';
import pino, { type DestinationStream } from 'pino';

type Destination = ReturnType<typeof pino.destination>;

/**
 * The log lines of one turn of the event loop, handed to the destination as one write when the
 * turn ends. A loaded server ends many requests per turn; writing each request's line on its own
 * cost a system call and a round through the thread pool, more than the rest of a health check.
 * A line waits no longer than the turn it was written in; at exit the lines still held go out
 * synchronously, after those the destination holds.
 */
export class TurnBatchedStream implements DestinationStream {
  private lines: string[] = [];

  constructor(private readonly destination: Destination) {
    register(this, (stream, event) => stream.release(event === 'exit'));
  }

  write(line: string): void {
    if (this.lines.push(line) === 1) setImmediate(() => this.release(false));
  }

  private release(synchronously: boolean): void {
    if (this.lines.length > 0) {
      this.destination.write(this.lines.join(''));
      this.lines = [];
    }
    if (!synchronously) return;
    try {
      this.destination.flushSync();
    } catch {
      // Closed already (a broken pipe, the end of a test's application): nothing left to save.
    }
  }
}
