import type { Route, Screen } from '../router/routes';
import { ADMINISTRATORS, AUDIT_READERS, type Needs, REVIEWERS, STAFF_BITS, STAFF_READERS } from '../session/permissions';
import { useSession } from '../session/session';
import { MissingPermissionPage, NotFoundPage } from './access';
import { AuditLogPage } from './audit/audit-log';
import { CharacterPage } from './characters/character-page';
import { CharacterSearchPage } from './characters/character-search';
import { HomePage } from './home';
import { InvoicesPage } from './invoices/invoices';
import { OrganisationPage } from './organisations/organisation-page';
import { OrganisationsPage } from './organisations/organisations';
import { ReviewQueuePage } from './review/review-queue';
import { ServiceKeysPage } from './service-keys/service-keys';
import { DossierPage } from './users/dossier';
import { UserSearchPage } from './users/user-search';
import { DeliveriesPage } from './webhooks/deliveries';
import { WebhooksPage } from './webhooks/webhooks';

/** The bits each screen's first call needs: without them the console says so instead of calling. */
const SCREEN_NEEDS: Record<Screen, Needs> = {
  home: STAFF_BITS,
  notFound: STAFF_BITS,
  review: REVIEWERS,
  users: STAFF_READERS,
  dossier: STAFF_READERS,
  characters: STAFF_READERS,
  // Any staff bit reads another user's character (decisions §4.8): a reviewer comes from the queue.
  character: STAFF_BITS,
  audit: AUDIT_READERS,
  // Any signed-in caller reads organisations; members see more (decisions §14), staff everything.
  organisations: STAFF_BITS,
  organisation: STAFF_BITS,
  // Staff read every invoice and fine (decisions §14); members their own side, which the API filters.
  invoices: STAFF_READERS,
  webhooks: ADMINISTRATORS,
  deliveries: ADMINISTRATORS,
  serviceKeys: ADMINISTRATORS,
};

export function ScreenFor({ route }: { route: Route }) {
  const { may } = useSession();
  const needs = SCREEN_NEEDS[route.screen];
  if (!may(needs)) return <MissingPermissionPage needs={needs} />;
  switch (route.screen) {
    case 'home':
      return <HomePage />;
    case 'review':
      return <ReviewQueuePage key={route.page} page={route.page} />;
    case 'users':
      return <UserSearchPage q={route.q} tag={route.tag} />;
    case 'dossier':
      return <DossierPage key={route.userId} userId={route.userId} />;
    case 'characters':
      return <CharacterSearchPage q={route.q} status={route.status} />;
    case 'character':
      return <CharacterPage key={route.characterId} userId={route.userId} characterId={route.characterId} />;
    case 'audit':
      return <AuditLogPage action={route.action} actorId={route.actorId} subjectId={route.subjectId} />;
    case 'organisations':
      return <OrganisationsPage type={route.type} />;
    case 'organisation':
      return <OrganisationPage key={route.organisationId} organisationId={route.organisationId} />;
    case 'invoices':
      return <InvoicesPage characterId={route.characterId} organisationId={route.organisationId} status={route.status} kind={route.kind} />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'deliveries':
      return <DeliveriesPage key={route.webhookId} webhookId={route.webhookId} />;
    case 'serviceKeys':
      return <ServiceKeysPage />;
    case 'notFound':
      return <NotFoundPage />;
  }
}
