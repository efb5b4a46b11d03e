import { EVENT_ACTIONS as AUDIT_ACTIONS } from '../../src/events/event-catalogue';
import { en } from '../../console/src/i18n/en';
import { es } from '../../console/src/i18n/es';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the staff console’s message catalogues', () => {
  it('name every audit action the API records, as a label and as a sentence', () => {
    const missing = AUDIT_ACTIONS.flatMap((action) =>
      [`audit.label.${action}`, `audit.sentence.${action}`].filter((key) => !(key in es)),
    );
    if (missing.length) throw new Error(`add to console/src/i18n/es.ts and en.ts: ${missing.join(', ')}`);
    const labelled = Object.keys(es).filter((key) => key.startsWith('audit.label.')).map((key) => key.slice('audit.label.'.length));
    expect(labelled.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('fill the same placeholders in Spanish and English', () => {
    const differing = Object.keys(es).filter((key) => placeholders(es[key as keyof typeof es]).join() !== placeholders(en[key as keyof typeof es]).join());
    expect(differing).toEqual([]);
  });
});
