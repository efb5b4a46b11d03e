import { type ApiError, retryAfterSeconds } from '../../../clients/typescript';
import { SESSION_ENDED, sessionEnded } from './session-events';

/** A call that did not succeed: the API's status and error body, or status 0 when no answer came. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly body?: ApiError,
    /** Seconds to wait, from `Retry-After` (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(body?.error ?? (status ? `HTTP ${status}` : 'No answer'));
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; anything else throws an ApiProblem (and a 401 ends the session). */
export async function answer<T>(call: Promise<Answer<T>>): Promise<T> {
  let result: Answer<T>;
  try {
    result = await call;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiProblem(0);
  }
  if (result.response.ok) return result.data as T;
  const body = typeof result.error === 'object' && result.error !== null ? (result.error as ApiError) : undefined;
  const problem = new ApiProblem(result.response.status, body, retryAfterSeconds(result.response));
  if (problem.status === 401) sessionEnded.dispatchEvent(new Event(SESSION_ENDED));
  throw problem;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function asProblem(error: unknown): ApiProblem {
  return error instanceof ApiProblem ? error : new ApiProblem(0);
}
