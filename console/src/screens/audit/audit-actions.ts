import { es, type MessageKey } from '../../i18n/es';

const LABEL = 'audit.label.';

/** The actions the console can name: those of its catalogue (a test holds it to the API's list). */
export const KNOWN_ACTIONS: string[] = Object.keys(es)
  .filter((key) => key.startsWith(LABEL))
  .map((key) => key.slice(LABEL.length));

/** The first part of an action, `character` of `character.approved`: the filter's groups. */
export function groupOf(action: string): string {
  return action.split('.')[0];
}

export const ACTION_GROUPS: string[] = [...new Set(KNOWN_ACTIONS.map(groupOf))];

export function isKnown(action: string): boolean {
  return KNOWN_ACTIONS.includes(action);
}

export function labelKey(action: string): MessageKey {
  return `${LABEL}${action}` as MessageKey;
}

export function sentenceKey(action: string): MessageKey {
  return `audit.sentence.${action}` as MessageKey;
}

export function groupKey(group: string): MessageKey {
  return `audit.group.${group}` as MessageKey;
}
