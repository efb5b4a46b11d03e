import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { type ApiProblem, asProblem, isAbort } from './problem';

/** One page of a cursor list: its items and the cursor of the next page (null on the last). */
export interface CursorPage<T> {
  items: T[];
  next: string | null;
}

export interface CursorList<T> {
  status: 'loading' | 'ready' | 'failed';
  items: T[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the first page, or the last "more", failed. */
  problem?: ApiProblem;
  loadMore(): void;
  reload(): void;
  /** Reads the first page again without clearing the list: new rows join at the top, known ones change in place. */
  refresh(): void;
  update(change: (items: T[]) => T[]): void;
}

/**
 * A list read page by page with the API's own cursor (`nextCursor`, `nextBefore`), never an
 * offset: a row written or removed meanwhile can neither repeat nor push another out of view.
 * Rows are kept by key besides, so a page that overlaps the one before shows nothing twice.
 */
export function useCursorList<T>(
  loadPage: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>,
  keyOf: (item: T) => string,
  deps: DependencyList,
): CursorList<T> {
  const [state, setState] = useState<{ status: CursorList<T>['status']; items: T[]; next: string | null; loadingMore: boolean; problem?: ApiProblem }>(
    { status: 'loading', items: [], next: null, loadingMore: false },
  );
  const [generation, setGeneration] = useState(0);
  const controller = useRef<AbortController | undefined>(undefined);
  const latestLoad = useRef(loadPage);
  latestLoad.current = loadPage;
  const latestKey = useRef(keyOf);
  latestKey.current = keyOf;
  const latestState = useRef(state);
  latestState.current = state;

  const fetchPage = useCallback(
    (cursor: string | undefined, refreshing = false) => {
      controller.current?.abort();
      const current = (controller.current = new AbortController());
      latestLoad.current(cursor, current.signal).then(
        (page) =>
          setState((before) => ({
            status: 'ready',
            ...(cursor ? { items: appendNew(before.items, page.items, latestKey.current), next: page.next } : firstPage(before, page, refreshing, latestKey.current)),
            loadingMore: false,
          })),
        (error: unknown) => isAbort(error) || setState((before) => ({ ...before, status: cursor || refreshing ? before.status : 'failed', loadingMore: false, problem: asProblem(error) })),
      );
    },
    [],
  );
  const refresh = useCallback(() => {
    if (latestState.current.status === 'ready' && !latestState.current.loadingMore) fetchPage(undefined, true);
  }, [fetchPage]);

  useEffect(() => {
    setState({ status: 'loading', items: [], next: null, loadingMore: false });
    fetchPage(undefined);
    return () => controller.current?.abort();
  }, [...deps, generation]);

  return {
    status: state.status,
    items: state.items,
    hasMore: state.next !== null,
    loadingMore: state.loadingMore,
    problem: state.problem,
    loadMore: () => {
      if (state.next === null || state.loadingMore) return;
      setState((before) => ({ ...before, loadingMore: true, problem: undefined }));
      fetchPage(state.next);
    },
    reload: () => setGeneration((n) => n + 1),
    refresh,
    update: (change) => setState((before) => ({ ...before, items: change(before.items) })),
  };
}

/** A refreshed first page replaces a list of one page; a longer list keeps its later rows and cursor. */
function firstPage<T>(before: { items: T[]; next: string | null }, page: CursorPage<T>, refreshing: boolean, keyOf: (item: T) => string) {
  if (!refreshing || before.items.length <= page.items.length) return { items: page.items, next: page.next };
  const fresh = new Set(page.items.map(keyOf));
  return { items: [...page.items, ...before.items.filter((item) => !fresh.has(keyOf(item)))], next: before.next };
}

function appendNew<T>(items: T[], page: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set(items.map(keyOf));
  return [...items, ...page.filter((item) => !seen.has(keyOf(item)))];
}
