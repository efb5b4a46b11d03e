import type { MessageKey } from './i18n/i18n';
import type { Route, Screen } from './router/routes';
import { ADMINISTRATORS, AUDIT_READERS, type Needs, REVIEWERS, STAFF_BITS, STAFF_READERS } from './session/permissions';

/** A place in the navigation: a screen, what it is called, and who may open it. */
export interface Section {
  screen: Screen;
  route: Route;
  label: MessageKey;
  description: MessageKey;
  needs: Needs;
}

export interface SectionGroup {
  label: MessageKey;
  sections: Section[];
}

/** The navigation. The chat-role mappings (issue #26) will join the administration group. */
export const SECTION_GROUPS: SectionGroup[] = [
  {
    label: 'nav.group.moderation',
    sections: [
      { screen: 'review', route: { screen: 'review', page: 1 }, label: 'nav.review', description: 'nav.review.description', needs: REVIEWERS },
      { screen: 'users', route: { screen: 'users', q: '', tag: '' }, label: 'nav.users', description: 'nav.users.description', needs: STAFF_READERS },
      {
        screen: 'characters',
        route: { screen: 'characters', q: '', status: '' },
        label: 'nav.characters',
        description: 'nav.characters.description',
        needs: STAFF_READERS,
      },
      {
        screen: 'organisations',
        route: { screen: 'organisations', type: '' },
        label: 'nav.organisations',
        description: 'nav.organisations.description',
        needs: STAFF_BITS,
      },
      {
        screen: 'invoices',
        route: { screen: 'invoices', characterId: '', organisationId: '', status: '', kind: '' },
        label: 'nav.invoices',
        description: 'nav.invoices.description',
        needs: STAFF_READERS,
      },
    ],
  },
  {
    label: 'nav.group.administration',
    sections: [
      { screen: 'audit', route: { screen: 'audit', action: '', actorId: '', subjectId: '' }, label: 'nav.audit', description: 'nav.audit.description', needs: AUDIT_READERS },
      { screen: 'webhooks', route: { screen: 'webhooks' }, label: 'nav.webhooks', description: 'nav.webhooks.description', needs: ADMINISTRATORS },
      { screen: 'serviceKeys', route: { screen: 'serviceKeys' }, label: 'nav.serviceKeys', description: 'nav.serviceKeys.description', needs: ADMINISTRATORS },
    ],
  },
];

/** The section a screen belongs to (a dossier to the users, a character to the characters…). */
const PARENT: Partial<Record<Screen, Screen>> = { dossier: 'users', character: 'characters', deliveries: 'webhooks', organisation: 'organisations' };

export function sectionOf(screen: Screen): Section | undefined {
  const own = PARENT[screen] ?? screen;
  return SECTION_GROUPS.flatMap((group) => group.sections).find((section) => section.screen === own);
}
