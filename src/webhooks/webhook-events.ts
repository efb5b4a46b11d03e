import { AUDIT_ACTIONS } from '../audit/audit.types';

/** The action of `POST /v1/webhooks/:id/test`; it is not an audit event and matches no subscription. */
export const TEST_ACTION = 'webhook.test';

const PREFIXES = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));

/** Whether one entry of a webhook's `events` is an action, a known `prefix.*`, or `*`. */
export function isKnownEventPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return PREFIXES.has(pattern.slice(0, -2));
  return (AUDIT_ACTIONS as readonly string[]).includes(pattern);
}

export function matchesEvents(patterns: string[], action: string): boolean {
  return patterns.some(
    (pattern) => pattern === '*' || pattern === action || (pattern.endsWith('.*') && action.startsWith(pattern.slice(0, -1))),
  );
}
