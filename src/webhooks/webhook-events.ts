import { EVENT_ACTIONS } from '../events/event-catalogue';

/** The action of `POST /v1/webhooks/:id/test`; it is not an audit event and matches no subscription. */
export const TEST_ACTION = 'webhook.test';

const PREFIXES = new Set(EVENT_ACTIONS.map((action) => action.split('.')[0]));

/** Whether one entry of a webhook's `events` is an action, a known `prefix.*`, or `*`. */
export function isKnownEventPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return PREFIXES.has(pattern.slice(0, -2));
  return (EVENT_ACTIONS as readonly string[]).includes(pattern);
}
