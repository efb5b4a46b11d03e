import { ACTION_GROUPS } from '../audit/audit-actions';

/** What a webhook can subscribe to here: every event, or every event of a group (`character.*`). */
export const EVENT_CHOICES: string[] = ['*', ...ACTION_GROUPS.map((group) => `${group}.*`)];
