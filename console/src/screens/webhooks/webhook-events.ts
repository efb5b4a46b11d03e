import type { I18n } from '../../i18n/i18n';
import { ACTION_GROUPS, groupKey, isKnown, labelKey } from '../audit/audit-actions';

/** What a webhook can subscribe to here: every event, or every event of a group (`character.*`). */
export const EVENT_CHOICES: string[] = ['*', ...ACTION_GROUPS.map((group) => `${group}.*`)];

/** Subscribed events as people say them: "every event", "every character event", or the action's name. */
export function eventsText(events: string[], { t, all }: I18n): string {
  const label = (event: string) => {
    if (event === '*') return t('webhooks.events.all');
    if (event.endsWith('.*')) return t('webhooks.events.group', { group: t(groupKey(event.slice(0, -2))) });
    return isKnown(event) ? t(labelKey(event)) : event;
  };
  return all(events.map(label));
}
