import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: OAuth `state`, PKCE verifiers, one-time codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
