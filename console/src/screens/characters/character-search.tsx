import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { Link, useRouter } from '../../router/router';
import { STAFF_READERS } from '../../session/permissions';
import { CharacterStatusBadge } from '../../ui/badges';
import { CursorRows } from '../../ui/cursor-rows';
import { Page } from '../../ui/page';
import { fullName } from './character-facts';

const PAGE_SIZE = 20;
const STATUSES: Schemas['CharacterJson']['idStatus'][] = ['draft', 'pending_approval', 'approved', 'retired', 'deceased'];

/** Characters by the beginning of any of their names, and by status. */
export function CharacterSearchPage({ q, status }: { q: string; status: string }) {
  const { t } = useI18n();
  const characters = useCursorList(
    (cursor, signal) =>
      answer(
        api.GET('/v1/staff/characters', { params: { query: { q: q || undefined, status: status || undefined, cursor, limit: PAGE_SIZE } }, signal }),
      ).then((page) => ({ items: page.characters, next: page.nextCursor })),
    (character) => character.characterId,
    [q, status],
  );
  return (
    <Page title={t('characters.title')} intro={t('characters.intro')}>
      <CharacterSearchForm q={q} status={status} />
      <h2>{t('search.results')}</h2>
      <CursorRows
        list={characters}
        empty={t('characters.none')}
        needs={STAFF_READERS}
        row={(character) => (
          <li key={character.characterId} className="row" data-row tabIndex={-1}>
            <p className="row-title">
              <Link to={{ screen: 'character', userId: character.userId, characterId: character.characterId }}>{fullName(character)}</Link>{' '}
              <CharacterStatusBadge status={character.idStatus} />
            </p>
            <p className="hint">
              {t('character.owner')}:{' '}
              <Link to={{ screen: 'dossier', userId: character.owner.userId }}>{character.owner.username ?? character.owner.userId}</Link>
            </p>
          </li>
        )}
      />
    </Page>
  );
}

function CharacterSearchForm({ q, status }: { q: string; status: string }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  const [text, setText] = useState(q);
  const [statuses, setStatuses] = useState(() => new Set(status.split(',').filter(Boolean)));
  useEffect(() => {
    setText(q);
    setStatuses(new Set(status.split(',').filter(Boolean)));
  }, [q, status]);
  const queryId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ screen: 'characters', q: text.trim(), status: STATUSES.filter((one) => statuses.has(one)).join(',') });
  };
  const toggle = (one: string) => {
    const next = new Set(statuses);
    if (next.has(one)) next.delete(one);
    else next.add(one);
    setStatuses(next);
  };
  return (
    <form className="search" role="search" onSubmit={submit}>
      <div className="field">
        <label htmlFor={queryId}>{t('characters.query')}</label>
        <input id={queryId} type="search" value={text} maxLength={50} onChange={(event) => setText(event.target.value)} />
      </div>
      <fieldset className="checks">
        <legend>{t('characters.statuses')}</legend>
        {STATUSES.map((one) => (
          <label key={one} className="check">
            <input type="checkbox" checked={statuses.has(one)} onChange={() => toggle(one)} />
            {t(`character.status.${one}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary">
        {t('action.search')}
      </button>
    </form>
  );
}
