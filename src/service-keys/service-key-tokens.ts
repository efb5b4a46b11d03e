import { randomBytes } from 'node:crypto';

/** `rpk_` and 43 base64url characters of 32 random bytes (decisions §8). */
const KEY_SHAPE = /^rpk_[A-Za-z0-9_-]{43}$/;
export const KEY_PREFIX = 'rpk_';

export function newServiceKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isServiceKeyShape(value: string): boolean {
  return KEY_SHAPE.test(value);
}
