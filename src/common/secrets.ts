import { createHash, hash, timingSafeEqual } from 'node:crypto';

/** Only this hash of a token or key is stored: a database leak yields nothing usable. One-shot: hashed twice a request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Secrets compared without leaking, through timing, how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
