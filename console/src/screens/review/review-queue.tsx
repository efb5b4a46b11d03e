import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { Link, useRouter } from '../../router/router';
import { REVIEWERS } from '../../session/permissions';
import { Page } from '../../ui/page';
import { Empty, Loading, ProblemMessage } from '../../ui/states';
import { PendingCard } from './pending-card';
import { DecisionDialog } from './decision-dialog';
import { type Decision, namesOf, ReviewOutcome } from './review-outcome';

/** The contract pages the queue by number (oldest submission first); ten cards with images is a screenful. */
const PAGE_SIZE = 10;

type PendingPage = Schemas['PendingPageJson'];

export function ReviewQueuePage({ page }: { page: number }) {
  const { t, plural } = useI18n();
  const queue = useResource(
    (signal) => answer(api.GET('/v1/staff/characters/pending', { params: { query: { page, limit: PAGE_SIZE } }, signal })),
    [page],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deciding, setDeciding] = useState<Decision | undefined>();
  const [last, setLast] = useState<{ decision: Decision; outcome: Schemas['ReviewOutcomeJson']; names: Map<string, string> } | undefined>();

  const decided = (decision: Decision, outcome: Schemas['ReviewOutcomeJson']) => {
    if (queue.status !== 'ready') return;
    setLast({ decision, outcome, names: namesOf(queue.data.characters) });
    setDeciding(undefined);
    setSelected(new Set());
    // The decided ones leave the queue; the page is read again only when none is left on it.
    const changed = new Set(outcome.characters.map((character) => character.characterId));
    const remaining = queue.data.characters.filter((character) => !changed.has(character.characterId));
    if (remaining.length === 0 && queue.data.meta.total > changed.size) queue.reload();
    else queue.update((data) => withoutDecided(data, changed));
  };

  return (
    <Page title={t('review.title')} intro={t('review.intro')}>
      {last && <ReviewOutcome {...last} />}
      {queue.status === 'loading' && <Loading />}
      {queue.status === 'failed' && <ProblemMessage problem={queue.problem} retry={queue.reload} needs={REVIEWERS} />}
      {queue.status === 'ready' && (
        <>
          <p>{plural('review.pending', queue.data.meta.total)}</p>
          {queue.data.characters.length === 0 ? (
            <Empty>{page > 1 ? t('review.emptyPage') : t('review.empty')}</Empty>
          ) : (
            <>
              <Toolbar characters={queue.data.characters} selected={selected} setSelected={setSelected} decide={setDeciding} />
              <ul className="pending-list">
                {queue.data.characters.map((character) => (
                  <li key={character.characterId}>
                    <PendingCard character={character} selected={selected.has(character.characterId)} toggle={() => setSelected(toggled(selected, character.characterId))} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pager page={page} meta={queue.data.meta} />
        </>
      )}
      {deciding && <DecisionDialog decision={deciding} ids={[...selected]} done={decided} onClose={() => setDeciding(undefined)} />}
    </Page>
  );
}

function Toolbar({
  characters,
  selected,
  setSelected,
  decide,
}: {
  characters: PendingPage['characters'];
  selected: ReadonlySet<string>;
  setSelected(ids: ReadonlySet<string>): void;
  decide(decision: Decision): void;
}) {
  const { t } = useI18n();
  const all = characters.every((character) => selected.has(character.characterId));
  const count = selected.size;
  return (
    <div className="toolbar">
      <label className="check">
        <input type="checkbox" checked={all} onChange={() => setSelected(all ? new Set() : new Set(characters.map((c) => c.characterId)))} />
        {t('review.selectPage')}
      </label>
      <button type="button" className="primary" disabled={count === 0} onClick={() => decide('approve')}>
        {t('review.approveSelected', { count })}
      </button>
      <button type="button" className="danger" disabled={count === 0} onClick={() => decide('reject')}>
        {t('review.rejectSelected', { count })}
      </button>
    </div>
  );
}

function Pager({ page, meta }: { page: number; meta: PendingPage['meta'] }) {
  const { t } = useI18n();
  const { navigate } = useRouter();
  if (meta.totalPages <= 1 && page === 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 && <Link to={{ screen: 'review', page: page - 1 }}>{t('pager.previous')}</Link>}
      <span>{t('pager.position', { page, pages: Math.max(meta.totalPages, 1) })}</span>
      {page < meta.totalPages && <Link to={{ screen: 'review', page: page + 1 }}>{t('pager.next')}</Link>}
      {page > meta.totalPages && meta.totalPages > 0 && (
        <button type="button" onClick={() => navigate({ screen: 'review', page: meta.totalPages })}>
          {t('pager.last')}
        </button>
      )}
    </nav>
  );
}

function withoutDecided(data: PendingPage, changed: ReadonlySet<string>): PendingPage {
  const total = data.meta.total - changed.size;
  return {
    characters: data.characters.filter((character) => !changed.has(character.characterId)),
    meta: { ...data.meta, total, totalPages: Math.ceil(total / data.meta.limit) },
  };
}

function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
