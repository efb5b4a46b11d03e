import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { Link, useRouter } from '../../router/router';
import { STAFF_READERS } from '../../session/permissions';
import { SanctionBadge } from '../../ui/badges';
import { CursorRows } from '../../ui/cursor-rows';
import { Page } from '../../ui/page';
import { Time } from '../../ui/time';

const PAGE_SIZE = 20;

/** Users by any of their identifiers or a name prefix, and by tag. */
export function UserSearchPage({ q, tag }: { q: string; tag: string }) {
  const { t } = useI18n();
  const users = useCursorList(
    (cursor, signal) =>
      answer(api.GET('/v1/staff/users', { params: { query: { q: q || undefined, tag: tag || undefined, cursor, limit: PAGE_SIZE } }, signal })).then(
        (page) => ({ items: page.users, next: page.nextCursor }),
      ),
    (user) => user.userId,
    [q, tag],
  );
  return (
    <Page title={t('users.title')} intro={t('users.intro')}>
      <UserSearchForm q={q} tag={tag} />
      <h2>{t('search.results')}</h2>
      <CursorRows
        list={users}
        empty={t('users.none')}
        needs={STAFF_READERS}
        row={(user) => <UserRow key={user.userId} user={user} />}
      />
    </Page>
  );
}

function UserSearchForm({ q, tag }: { q: string; tag: string }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const [text, setText] = useState(q);
  const [chosenTag, setChosenTag] = useState(tag);
  useEffect(() => {
    setText(q);
    setChosenTag(tag);
  }, [q, tag]);
  const tags = useResource((signal) => answer(api.GET('/v1/staff/tags', { signal })), []);
  const queryId = useId();
  const tagId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ screen: 'users', q: text.trim(), tag: chosenTag });
  };
  return (
    <form className="search" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor={queryId}>{t('users.query')}</label>
        <input id={queryId} type="search" value={text} maxLength={128} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={tagId}>{t('users.tag')}</label>
        <select id={tagId} value={chosenTag} onChange={(event) => setChosenTag(event.target.value)}>
          <option value="">{t('users.anyTag')}</option>
          {(tags.status === 'ready' ? tags.data.tags : chosenTag ? [chosenTag] : []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="primary">
        {t('action.search')}
      </button>
    </form>
  );
}

function UserRow({ user }: { user: Schemas['StaffUserJson'] }) {
  const { t, plural } = useI18n();
  return (
    <li className="row" data-row tabIndex={-1}>
      <p className="row-title">
        <Link to={{ screen: 'dossier', userId: user.userId }}>{user.chatapp?.username ?? user.userId}</Link>
        {user.activeSanction && (
          <>
            {' '}
            <SanctionBadge type={user.activeSanction.type} />
            {user.activeSanction.expiresAt && (
              <span className="hint">
                {' '}
                {t('sanction.until')} <Time value={user.activeSanction.expiresAt} />
              </span>
            )}
          </>
        )}
      </p>
      <dl className="inline-facts">
        <div>
          <dt>{t('user.id')}</dt>
          <dd className="mono">{user.userId}</dd>
        </div>
        {user.chatapp && (
          <div>
            <dt>{t('user.chatId')}</dt>
            <dd className="mono">{user.chatapp.externalId}</dd>
          </div>
        )}
        {user.gameplatform && (
          <div>
            <dt>{t('user.gameId')}</dt>
            <dd className="mono">
              {user.gameplatform.externalId}
              {user.gameplatform.username && ` (${user.gameplatform.username})`}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('user.characters')}</dt>
          <dd>{plural('user.characterCount', user.characterCount)}</dd>
        </div>
        {user.tags.length > 0 && (
          <div>
            <dt>{t('user.tags')}</dt>
            <dd>{user.tags.join(', ')}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
