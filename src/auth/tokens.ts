import { createHash, randomBytes } from 'node:crypto';
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

/** Only this hash is stored: a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
