import type { Response } from 'supertest';
import type { TestApp } from '../support/app';

export interface Outcome {
  what: string;
  status: number;
  ms: number;
  body: { error?: string; code?: string };
  retryAfter?: string;
  at: number;
}

/**
 * A small steady load: `requests` sent in turn, `concurrency` at a time, until `stop()`; every
 * outcome is kept with its duration, so a test can say what was answered while a fault lasted.
 */
export function steadyLoad(requests: { what: string; send: () => PromiseLike<Response> }[], concurrency = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  let turn = 0;
  const worker = async () => {
    while (running) {
      const request = requests[turn++ % requests.length];
      const started = Date.now();
      const response = await request.send().then(
        (answer) => answer,
        () => undefined,
      );
      outcomes.push({
        what: request.what,
        status: response?.status ?? 0,
        ms: Date.now() - started,
        body: (response?.body ?? {}) as Outcome['body'],
        retryAfter: response?.headers['retry-after'] as string | undefined,
        at: started,
      });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    outcomes,
    /** The outcomes of requests started from `since` on. */
    since: (since: number) => outcomes.filter((outcome) => outcome.at >= since),
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** True when `t`'s route answers `status`. */
export const answers = (t: TestApp, path: string, status: number) => async () => (await t.http().get(path)).status === status;
