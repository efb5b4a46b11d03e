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

/** `answer`, or an error `no answer within <timeoutMs> ms` once that passed, after `onLate` ran. */
export async function settledWithin<T>(timeoutMs: number, answer: PromiseLike<T>, onLate?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onLate?.();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
