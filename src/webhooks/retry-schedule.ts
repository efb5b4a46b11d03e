const MAX_GAP_MS = 60 * 60 * 1000;
/** Jitter only lengthens a wait, by at most this share (decisions §12). */
const MAX_JITTER = 0.2;

/**
 * The wait after failed attempt number `attempts` (1 for the first): the base doubling, at most an
 * hour apart, never shorter than the receiver's `Retry-After`, lengthened by up to 20%.
 */
export function retryDelayMs(attempts: number, baseMs: number, retryAfterMs: number | null, random = Math.random): number {
  const backoff = Math.min(baseMs * 2 ** Math.min(attempts - 1, 40), MAX_GAP_MS);
  const wait = Math.max(backoff, retryAfterMs ?? 0);
  return Math.round(wait * (1 + MAX_JITTER * random()));
}
