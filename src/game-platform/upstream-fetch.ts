import { BodyTooLarge, readBoundedBody } from '../common/bounded-body';

/** The thumbnail service did not give a usable answer; the message says why, for the log. */
export class UpstreamError extends Error {}

export interface FetchLimits {
  /** Covers the whole exchange, the body included. */
  timeoutMs: number;
  maxBytes: number;
}

/**
 * GETs the URL and reads its body, refusing non-2xx answers and bodies past `maxBytes` while they
 * stream in, so a hostile or broken upstream can neither hang us nor fill our memory. Redirects
 * are not followed (a 3xx is a failure): they could lead past the allowed image origins.
 */
export async function fetchBytes(url: string, limits: FetchLimits, accept = '*/*'): Promise<Buffer> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(limits.timeoutMs),
      headers: { accept },
      redirect: 'manual',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamError(`answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > limits.maxBytes) {
      await response.body?.cancel();
      throw new UpstreamError(`declared ${declared} bytes, more than ${limits.maxBytes}`);
    }
    return await readBoundedBody(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (error instanceof BodyTooLarge) throw new UpstreamError(error.message);
    throw new UpstreamError(describe(error));
  }
}

/** GETs and parses a JSON answer, within the same limits. */
export async function fetchJson(url: string, limits: FetchLimits): Promise<unknown> {
  const bytes = await fetchBytes(url, limits, 'application/json');
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new UpstreamError('answered something that is not JSON');
  }
}

function describe(error: unknown): string {
  // By name: an abort's DOMException is not always an Error of this realm.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return 'did not answer in time';
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `could not be reached (${error instanceof Error ? error.message : String(error)}${cause})`;
}
