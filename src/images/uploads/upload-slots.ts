import { UploadsBusy } from '../../common/errors/uploads-busy';

/** What a metrics reader sees of the upload slots at one moment. */
export interface UploadSlotUsage {
  /** Multipart bodies being read and checked now. */
  inUse: number;
  /** Uploads waiting for a slot. */
  waiting: number;
}

interface Waiter {
  userId: string;
  admit(): void;
}

/** Decisions §13: the longest an upload waits for a slot before its 503. */
const MAX_WAIT_MS = 10_000;

/**
 * Multipart bodies read at once: at most `perProcess` in all, each may hold tens of MiB while it is
 * checked, and at most `perUser` of one user. A user's second slot is given only while another
 * would stay free, so two users never hold every slot and a third user's upload starts at once
 * (decisions §13; a stalled body loses its slot within seconds, see readMultipart). Waiters are
 * admitted in arrival order among those that may go; a waiter whose client goes away leaves the
 * queue, and one still waiting after MAX_WAIT_MS answers 503.
 */
export class UploadSlots {
  private readonly held = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private inUse = 0;

  constructor(
    readonly perProcess = 4,
    readonly perUser = 2,
  ) {}

  async run<T>(userId: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.acquire(userId, signal);
    try {
      return await work();
    } finally {
      this.release(userId);
    }
  }

  get usage(): UploadSlotUsage {
    return { inUse: this.inUse, waiting: this.queue.length };
  }

  private mayTake(userId: string): boolean {
    const mine = this.held.get(userId) ?? 0;
    const free = this.perProcess - this.inUse;
    return mine < this.perUser && free > 0 && (mine === 0 || free > 1);
  }

  private take(userId: string): void {
    this.inUse++;
    this.held.set(userId, (this.held.get(userId) ?? 0) + 1);
  }

  private acquire(userId: string, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    // Every waiter that may go was admitted at the last release: a newcomer that may go overtakes none.
    if (this.mayTake(userId)) {
      this.take(userId);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (reason: unknown) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(reason);
      };
      const onAbort = () => leave(signal.reason);
      const timer = setTimeout(() => leave(new UploadsBusy()), MAX_WAIT_MS);
      const waiter: Waiter = {
        userId,
        admit: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(userId: string): void {
    this.inUse--;
    const mine = (this.held.get(userId) ?? 1) - 1;
    if (mine === 0) this.held.delete(userId);
    else this.held.set(userId, mine);
    this.admitWaiters();
  }

  private admitWaiters(): void {
    for (let index = 0; index < this.queue.length; ) {
      const waiter = this.queue[index];
      if (!this.mayTake(waiter.userId)) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      this.take(waiter.userId);
      waiter.admit();
    }
  }
}

/** The process's one set of upload slots (the bound is per process, whatever the app instances). */
export const uploadSlots = new UploadSlots();
