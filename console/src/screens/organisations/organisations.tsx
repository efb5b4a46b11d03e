import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { Link, useRouter } from '../../router/router';
import { ADMINISTRATORS, STAFF_BITS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { CursorRows } from '../../ui/cursor-rows';
import { Money } from '../../ui/money';
import { Page } from '../../ui/page';
import { type Organisation, ORGANISATION_TYPES, type OrganisationType } from './acting';
import { CreateOrganisation } from './create-organisation';
import { OrganisationTypeBadge, TypeSelect } from './organisation-facts';

const PAGE_SIZE = 20;

/** Every organisation, oldest first, by type; administrators create them here. */
export function OrganisationsPage({ type }: { type: string }) {
  const { t } = useI18n();
  const { may } = useSession();
  const known = ORGANISATION_TYPES.find((one) => one === type);
  const organisations = useCursorList(
    (cursor, signal) =>
      answer(api.GET('/v1/organisations', { params: { query: { type: known, cursor, limit: PAGE_SIZE } }, signal })).then((page) => ({
        items: page.organisations,
        next: page.nextCursor,
      })),
    (organisation) => organisation.organisationId,
    [known],
  );
  return (
    <Page title={t('organisations.title')} intro={t('organisations.intro')}>
      {may(ADMINISTRATORS) && <NewOrganisation />}
      <section aria-labelledby="organisation-list">
        <h2 id="organisation-list">{t('organisations.list')}</h2>
        <TypeFilter type={known} />
        <CursorRows
          list={organisations}
          empty={t(known ? 'organisations.noneOfType' : 'organisations.none')}
          needs={STAFF_BITS}
          row={(organisation) => <OrganisationRow key={organisation.organisationId} organisation={organisation} />}
        />
      </section>
    </Page>
  );
}

/** The form opens on demand, so the list stays in view for everyone who only reads. */
function NewOrganisation() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)}>
        {t(open ? 'organisations.new.close' : 'organisations.new.open')}
      </button>
      {open && <CreateOrganisation id={formId} />}
    </>
  );
}

function OrganisationRow({ organisation }: { organisation: Organisation }) {
  const { t, plural } = useI18n();
  return (
    <li className="row" data-row tabIndex={-1}>
      <p className="row-title">
        <Link to={{ screen: 'organisation', organisationId: organisation.organisationId }}>{organisation.name}</Link>{' '}
        <OrganisationTypeBadge type={organisation.type} />
      </p>
      <p className="hint">
        {plural('organisations.members', organisation.memberCount)}
        {organisation.treasury && (
          <>
            {' · '}
            {t('organisations.treasury')}: <Money amount={organisation.treasury.balance} />
          </>
        )}
      </p>
    </li>
  );
}

function TypeFilter({ type }: { type?: OrganisationType }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const [draft, setDraft] = useState<string>(type ?? '');
  useEffect(() => setDraft(type ?? ''), [type]);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ screen: 'organisations', type: draft });
  };
  return (
    <form className="search" onSubmit={submit} aria-label={t('organisations.filters')}>
      <div className="field">
        <label htmlFor={id}>{t('organisations.type')}</label>
        <TypeSelect id={id} value={draft} changed={setDraft} any={t('organisations.anyType')} />
      </div>
      <button type="submit" className="primary">
        {t('action.filter')}
      </button>
    </form>
  );
}
