import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { useRouter } from '../../router/router';
import { STAFF_READERS } from '../../session/permissions';
import { CursorRows } from '../../ui/cursor-rows';
import { Page } from '../../ui/page';
import { InvoiceItem } from './invoice-item';

const PAGE_SIZE = 20;
/** The filters as the address carries them: empty means any. */
interface Query {
  characterId: string;
  organisationId: string;
  status: string;
  kind: string;
}
const STATUSES = ['pending', 'paid', 'cancelled', 'declined'] as const;
const KINDS = ['invoice', 'fine'] as const;

/** Every invoice and fine, newest first, by billed character, issuing organisation, status and kind. */
export function InvoicesPage(filters: Query) {
  const { t } = useI18n();
  const { characterId, organisationId } = filters;
  const status = STATUSES.find((one) => one === filters.status);
  const kind = KINDS.find((one) => one === filters.kind);
  const invoices = useCursorList(
    (cursor, signal) =>
      answer(
        api.GET('/v1/invoices', {
          params: { query: { characterId: characterId || undefined, organisationId: organisationId || undefined, status, kind, cursor, limit: PAGE_SIZE } },
          signal,
        }),
      ).then((page) => ({ items: page.invoices, next: page.nextCursor })),
    (invoice) => invoice.invoiceId,
    [characterId, organisationId, status, kind],
  );
  return (
    <Page title={t('invoices.title')} intro={t('invoices.intro')}>
      <InvoiceFilters filters={filters} />
      <h2>{t('search.results')}</h2>
      <CursorRows
        list={invoices}
        empty={t('invoices.none')}
        needs={STAFF_READERS}
        row={(invoice) => <InvoiceItem key={invoice.invoiceId} invoice={invoice} />}
      />
    </Page>
  );
}

function InvoiceFilters({ filters }: { filters: Query }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters.characterId, filters.organisationId, filters.status, filters.kind]);
  const ids = { characterId: useId(), organisationId: useId(), status: useId(), kind: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ screen: 'invoices', ...draft, characterId: draft.characterId.trim(), organisationId: draft.organisationId.trim() });
  };
  const idField = (key: 'characterId' | 'organisationId') => (
    <div className="field">
      <label htmlFor={ids[key]}>{t(`invoices.filter.${key}`)}</label>
      <input id={ids[key]} inputMode="numeric" maxLength={20} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
    </div>
  );
  const choice = (key: 'status' | 'kind', values: readonly string[]) => (
    <div className="field">
      <label htmlFor={ids[key]}>{t(`invoices.filter.${key}`)}</label>
      <select id={ids[key]} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}>
        <option value="">{t('invoices.filter.any')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(key === 'status' ? `invoices.status.${value as (typeof STATUSES)[number]}` : `invoices.kind.${value as (typeof KINDS)[number]}`)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="search" onSubmit={submit} aria-label={t('invoices.filters')}>
      {idField('characterId')}
      {idField('organisationId')}
      {choice('status', STATUSES)}
      {choice('kind', KINDS)}
      <button type="submit" className="primary">
        {t('action.filter')}
      </button>
    </form>
  );
}
