import type { ReactNode } from 'react';
import type { CursorList } from '../api/cursor-list';
import { MoreButton } from './more';
import type { ProblemContext } from './problem-text';
import { Empty, Loading, ProblemMessage } from './states';

interface CursorRowsProps<T> extends ProblemContext {
  list: CursorList<T>;
  /** What an empty list says. */
  empty: string;
  /** One row (a keyed <li>). */
  row(item: T): ReactNode;
}

/** A cursor list as every screen shows it: loading, its problem, empty, its rows, then "show more". */
export function CursorRows<T>({ list, empty, row, ...context }: CursorRowsProps<T>) {
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'failed' && list.problem && <ProblemMessage problem={list.problem} retry={list.reload} {...context} />}
      {list.status === 'ready' && list.items.length === 0 && <Empty>{empty}</Empty>}
      {list.items.length > 0 && <ul className="rows">{list.items.map(row)}</ul>}
      <MoreButton list={list} />
    </>
  );
}
