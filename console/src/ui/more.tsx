import { useEffect, useRef } from 'react';
import type { CursorList } from '../api/cursor-list';
import { useI18n } from '../i18n/i18n';
import { ProblemMessage } from './states';

/**
 * "Show more" under a cursor list. The rows arrive below the button's place; the first new row
 * takes the focus (it must be focusable: `data-row` with tabIndex -1), so the keyboard continues there.
 */
export function MoreButton<T>({ list, label }: { list: CursorList<T>; label?: string }) {
  const { t } = useI18n();
  const countBefore = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (countBefore.current === undefined || list.items.length <= countBefore.current) return;
    document.querySelectorAll<HTMLElement>('[data-row]')[countBefore.current]?.focus();
    countBefore.current = undefined;
  }, [list.items.length]);
  if (!list.hasMore && !list.problem) return null;
  return (
    <div className="more">
      {list.problem && list.status === 'ready' && <ProblemMessage problem={list.problem} retry={list.loadMore} />}
      {list.hasMore && (
        <button
          type="button"
          disabled={list.loadingMore}
          onClick={() => {
            countBefore.current = list.items.length;
            list.loadMore();
          }}
        >
          {list.loadingMore ? t('state.loading') : (label ?? t('action.more'))}
        </button>
      )}
    </div>
  );
}
