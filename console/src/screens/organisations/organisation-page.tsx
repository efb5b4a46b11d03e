import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { STAFF_BITS, STAFF_READERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { Money } from '../../ui/money';
import { Page } from '../../ui/page';
import { Loading, ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import { actingOf, type Organisation } from './acting';
import { GradesSection } from './grades-section';
import { MembersSection } from './members-section';
import { OrganisationTypeBadge } from './organisation-facts';
import { TreasuryStatement } from './treasury-statement';

/** An organisation: its facts, its grades, its members, and what the signed-in user may change. */
export function OrganisationPage({ organisationId }: { organisationId: string }) {
  const { t } = useI18n();
  const { state, may } = useSession();
  const me = state.status === 'signedIn' ? state.me : undefined;
  const path = { path: { organisationId } };
  const organisation = useResource((signal) => answer(api.GET('/v1/organisations/{organisationId}', { params: path, signal })), [organisationId]);
  const members = useResource((signal) => answer(api.GET('/v1/organisations/{organisationId}/members', { params: path, signal })), [organisationId]);
  // The user acts through their active character (decisions §14): its membership decides the rights.
  const own = useResource((signal) => answer(api.GET('/v1/users/{userId}', { params: { path: { userId: '@me' } }, signal })), []);
  if (organisation.status !== 'ready') {
    return (
      <Page title={t('organisation.title')}>
        {organisation.status === 'loading' ? <Loading /> : <ProblemMessage problem={organisation.problem} retry={organisation.reload} needs={STAFF_BITS} />}
      </Page>
    );
  }
  const data = organisation.data;
  const activeCharacterId = own.status === 'ready' ? own.data.activeCharacter?.characterId : undefined;
  const ownMember = members.status === 'ready' ? members.data.members.find((member) => member.characterId === activeCharacterId) : undefined;
  const acting = actingOf(me?.permissions ?? 0, data, ownMember);
  const changed = (next: Organisation) => {
    organisation.update(() => next);
    members.reload();
  };
  return (
    <Page title={data.name} intro={<OrganisationTypeBadge type={data.type} />}>
      <OrganisationSummary organisation={data} />
      <GradesSection organisation={data} acting={acting} changed={changed} />
      <MembersSection
        organisation={data}
        members={members}
        acting={acting}
        counted={(delta) => organisation.update((before) => ({ ...before, memberCount: before.memberCount + delta }))}
      />
      {data.treasury && <TreasuryStatement organisationId={organisationId} />}
      {may(STAFF_READERS) && (
        <p>
          <Link to={{ screen: 'invoices', characterId: '', organisationId, status: '', kind: '' }}>{t('organisations.invoicesLink')}</Link>
        </p>
      )}
    </Page>
  );
}

function OrganisationSummary({ organisation }: { organisation: Schemas['OrganisationJson'] }) {
  const { t } = useI18n();
  return (
    <dl className="facts">
      <div>
        <dt>{t('organisations.memberCount')}</dt>
        <dd>{organisation.memberCount}</dd>
      </div>
      <div className={organisation.treasury ? undefined : 'wide'}>
        <dt>{t('organisations.treasury')}</dt>
        <dd>{organisation.treasury ? <Money amount={organisation.treasury.balance} /> : t('organisations.treasury.hidden')}</dd>
        {!organisation.treasury && <dd className="hint">{t('organisations.treasury.hiddenWhy')}</dd>}
      </div>
      <div>
        <dt>{t('organisations.since')}</dt>
        <dd>
          <Time value={organisation.createdAt} />
        </dd>
      </div>
      <div className="wide">
        <dt>{t('organisations.id')}</dt>
        <dd className="mono">{organisation.organisationId}</dd>
      </div>
    </dl>
  );
}
