import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { useRouter } from '../../router/router';
import { ADMINISTRATORS, AUDIT_READERS } from '../../session/permissions';
import { useSession } from '../../session/session';
import { CursorRows } from '../../ui/cursor-rows';
import { Page } from '../../ui/page';
import { ACTION_GROUPS, groupKey, groupOf, KNOWN_ACTIONS, labelKey } from './audit-actions';
import { AuditEventItem } from './audit-event';

const PAGE_SIZE = 50;
const SNOWFLAKE = /^\d{1,20}$/;

interface Filters {
  action: string;
  actorId: string;
  subjectId: string;
}

/** Every recorded change, newest first, filtered by action, actor and subject. */
export function AuditLogPage(filters: Filters) {
  const { t } = useI18n();
  const events = useCursorList(
    (before, signal) =>
      answer(
        api.GET('/v1/audit', {
          params: { query: { action: filters.action || undefined, actorId: filters.actorId || undefined, subjectId: filters.subjectId || undefined, before, limit: PAGE_SIZE } },
          signal,
        }),
      ).then((page) => ({ items: page.events, next: page.nextBefore })),
    (event) => event.eventId,
    [filters.action, filters.actorId, filters.subjectId],
  );
  return (
    <Page title={t('audit.title')} intro={t('audit.intro')}>
      <AuditFilters {...filters} />
      <h2>{t('audit.events')}</h2>
      <CursorRows
        list={events}
        empty={t('audit.none')}
        needs={AUDIT_READERS}
        row={(event) => <AuditEventItem key={event.eventId} event={event} />}
      />
    </Page>
  );
}

function AuditFilters(filters: Filters) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const { may } = useSession();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters.action, filters.actorId, filters.subjectId]);
  const ids = { action: useId(), actor: useId(), subject: useId() };
  // A moderator chief reads only the character events: other filters would always be empty.
  const groups = may(ADMINISTRATORS) ? ACTION_GROUPS : ['character'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ screen: 'audit', action: draft.action, actorId: draft.actorId.trim(), subjectId: draft.subjectId.trim() });
  };
  const idField = (key: 'actorId' | 'subjectId', id: string, label: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        pattern={SNOWFLAKE.source}
        title={t('audit.idHint')}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <form className="search" onSubmit={submit} aria-label={t('audit.filters')}>
      <div className="field">
        <label htmlFor={ids.action}>{t('audit.action')}</label>
        <select id={ids.action} value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })}>
          <option value="">{t('audit.anyAction')}</option>
          {groups.map((group) => (
            <optgroup key={group} label={t(groupKey(group))}>
              <option value={`${group}.*`}>{t('audit.wholeGroup', { group: t(groupKey(group)) })}</option>
              {KNOWN_ACTIONS.filter((action) => groupOf(action) === group).map((action) => (
                <option key={action} value={action}>
                  {t(labelKey(action))}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {idField('actorId', ids.actor, t('audit.actorId'))}
      {idField('subjectId', ids.subject, t('audit.subjectId'))}
      <button type="submit" className="primary">
        {t('action.filter')}
      </button>
    </form>
  );
}
