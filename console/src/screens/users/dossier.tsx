import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { STAFF_READERS } from '../../session/permissions';
import { Page } from '../../ui/page';
import { Empty, Loading, ProblemMessage } from '../../ui/states';
import { AuditEventItem } from '../audit/audit-event';
import { OrganisationsSection } from './dossier-organisations';
import { CharactersSection, DossierSummary, LinksSection } from './dossier-summary';
import { applyNotesChange } from './note-rules';
import { KnownNamesProvider } from './person-link';
import { NotesSection } from './notes';
import { activeSanctionOf } from './sanction-rules';
import { SanctionsSection } from './sanctions';
import { TagsSection } from './tags';

type Dossier = Schemas['DossierJson'];

/**
 * Everything about a user in one request. Changes made here update it from their own answers:
 * the staff routes allow ten calls a minute, which reloading after each change would spend.
 */
export function DossierPage({ userId }: { userId: string }) {
  const { t } = useI18n();
  const dossier = useResource((signal) => answer(api.GET('/v1/staff/users/{userId}', { params: { path: { userId } }, signal })), [userId]);
  if (dossier.status !== 'ready') {
    return (
      <Page title={t('dossier.title')}>
        {dossier.status === 'loading' ? (
          <Loading />
        ) : (
          <ProblemMessage problem={dossier.problem} retry={dossier.reload} needs={STAFF_READERS} forbidden="problem.forbidden.ownDossier" />
        )}
      </Page>
    );
  }
  const data = dossier.data;
  const name = displayName(data);
  return (
    <KnownNamesProvider names={new Map([[userId, name]])}>
      <Page title={t('dossier.titleOf', { name })}>
      <DossierSummary dossier={data} />
      <SanctionsSection
        userId={userId}
        name={name}
        sanctions={data.sanctions}
        changed={(sanction) => dossier.update((d) => withSanction(d, sanction))}
      />
      <NotesSection userId={userId} notes={data.notes} changed={(change) => dossier.update((d) => ({ ...d, notes: applyNotesChange(d.notes, change) }))} />
      <TagsSection userId={userId} tags={data.tags} changed={(tags) => dossier.update((d) => ({ ...d, tags }))} />
      <CharactersSection characters={data.characters} activeId={data.user.activeCharacterId} />
      <OrganisationsSection dossier={data} />
      <LinksSection links={data.providers} />
      <section aria-labelledby="activity">
        <h2 id="activity">{t('dossier.activity')}</h2>
        {data.auditEvents.length === 0 ? (
          <Empty>{t('dossier.noActivity')}</Empty>
        ) : (
          <ul className="rows">
            {data.auditEvents.map((event) => (
              <AuditEventItem key={event.eventId} event={event} />
            ))}
          </ul>
        )}
      </section>
      </Page>
    </KnownNamesProvider>
  );
}

/** The chat name the staff know the user by; the id when they never linked one. */
function displayName(dossier: Dossier): string {
  const chat = dossier.providers.find((link) => link.providerName === 'chatapp' && link.unlinkedAt === null);
  return chat?.username ?? dossier.user.userId;
}

function withSanction(dossier: Dossier, sanction: Schemas['SanctionJson']): Dossier {
  const others = dossier.sanctions.filter((one) => one.sanctionId !== sanction.sanctionId);
  const sanctions = [sanction, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { ...dossier, sanctions, activeSanction: activeSanctionOf(sanctions) };
}
