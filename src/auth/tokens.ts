import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { isSnowflake } from '../common/ids';

/** Session tokens are `<userId>.<43 base64url characters of 32 random bytes>` (decisions §4.4). */
const TOKEN_SHAPE = /^([1-9]\d{0,18})\.([A-Za-z0-9_-]{43})$/;

export function newToken(userId: string): string {
  return `${userId}.${randomBytes(32).toString('base64url')}`;
}

/** The user-id part of a well-formed token, or undefined for any other shape. */
export function tokenUserId(token: string): string | undefined {
  const match = TOKEN_SHAPE.exec(token);
  return match && isSnowflake(match[1]) ? match[1] : undefined;
}

/**
 * The successor pair of a rotated session, encrypted under a key only the holder of the old
 * refresh token can derive (the database keeps only that token's SHA-256, never this HMAC), so
 * requests racing a renewal get the same new pair without the pair being readable at rest.
 */
export function sealSuccessor(refreshToken: string, pair: { accessToken: string; refreshToken: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify([pair.accessToken, pair.refreshToken])), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed successor pair, or undefined when it was not sealed under this refresh token. */
export function openSuccessor(refreshToken: string, sealed: string): { accessToken: string; refreshToken: string } | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', successorKey(refreshToken), iv);
    decipher.setAuthTag(tag);
    const [accessToken, refreshTokenOut] = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString()) as string[];
    return { accessToken, refreshToken: refreshTokenOut };
  } catch {
    return undefined;
  }
}

function successorKey(refreshToken: string): Buffer {
  return createHmac('sha256', refreshToken).update('session-successor').digest();
}
