import { Semaphore } from '../../common/concurrency';

/** What a metrics reader sees of the upload slots at one moment. */
export interface UploadSlotUsage {
  /** Multipart bodies being read and checked now. */
  inUse: number;
  /** Uploads waiting for their user's turn or for a process slot. */
  waiting: number;
}

/**
 * Multipart bodies read at once: at most `perProcess` in all, each may hold tens of MiB while it is
 * checked, and at most `perUser` of one user, so one user's stalled uploads can never hold every
 * process slot. A user's further uploads wait for that user's turn before they queue for a process
 * slot; waiters whose client goes away leave the queues.
 */
export class UploadSlots {
  private readonly process: Semaphore;
  private readonly users = new Map<string, Semaphore>();

  constructor(
    readonly perProcess = 4,
    readonly perUser = 2,
  ) {
    this.process = new Semaphore(perProcess);
  }

  async run<T>(userId: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const user = this.users.get(userId) ?? new Semaphore(this.perUser);
    this.users.set(userId, user);
    try {
      return await user.run(() => this.process.run(work, signal), signal);
    } finally {
      if (user.inUse === 0 && user.waiting === 0) this.users.delete(userId);
    }
  }

  get usage(): UploadSlotUsage {
    let waitingForUser = 0;
    for (const user of this.users.values()) waitingForUser += user.waiting;
    return { inUse: this.process.inUse, waiting: this.process.waiting + waitingForUser };
  }
}

/** The process's one set of upload slots (the bound is per process, whatever the app instances). */
export const uploadSlots = new UploadSlots();
