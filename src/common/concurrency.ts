/** Maps with at most `limit` calls of `work` in flight; results keep the order of `items`. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Waiter {
  admit(): void;
}

/**
 * At most `limit` holders at once; the others wait their turn in arrival order. A waiter whose
 * `signal` aborts leaves the queue at once, so callers that went away never take a slot.
 */
export class Semaphore {
  private held = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly limit: number) {}

  get inUse(): number {
    return this.held;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.held < this.limit) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        admit: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** The slot passes straight to the next waiter, so a newcomer cannot overtake the queue. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next.admit();
    else this.held--;
  }
}
