import { DomainError } from './domain-error';

/** What a client is told to wait before trying again while a dependency is down (decisions §13). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** A dependency (the database, Redis) is down or did not answer in time: never a 500, never a hang. */
export class DependencyUnavailable extends DomainError {
  constructor(dependency: string, cause: unknown) {
    super(503, 'Service Unavailable', {
      code: 'DEPENDENCY_UNAVAILABLE',
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      cause: new Error(`${dependency}: ${cause instanceof Error ? cause.message : String(cause)}`),
    });
  }
}

/**
 * `work`, or DependencyUnavailable when it fails or has not settled after `timeoutMs`: for a
 * client whose own timeouts do not cover everything it can wait on (connecting, for one).
 */
export async function answerWithin<T>(dependency: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  try {
    return await settledWithin(timeoutMs, work());
  } catch (error) {
    throw error instanceof DomainError ? error : new DependencyUnavailable(dependency, error);
  }
}

/**
 * `answer`, or an error `no answer within <timeoutMs> ms` once that passed, after `onLate` ran.
 * One promise and one timer: it bounds every pipelined read, where a race of two promises in an
 * async function cost three.
 */
export function settledWithin<T>(timeoutMs: number, answer: PromiseLike<T>, onLate?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onLate?.();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
