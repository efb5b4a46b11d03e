import type { ReactNode } from 'react';
import type { ApiProblem } from '../api/problem';
import { useI18n } from '../i18n/i18n';
import { type ProblemContext, problemText } from './problem-text';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <p className="state loading" role="status">
      {label ?? t('state.loading')}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state empty">{children}</p>;
}

/** A failed call, said plainly, with a way to try again when trying again can help. */
export function ProblemMessage({ problem, retry, ...context }: { problem: ApiProblem; retry?: () => void } & ProblemContext) {
  const i18n = useI18n();
  const retryable = retry && (problem.status === 0 || problem.status === 429 || problem.status >= 500);
  return (
    <div className="state problem" role="alert">
      <p>{problemText(problem, i18n, context)}</p>
      {retryable && (
        <button type="button" onClick={retry}>
          {i18n.t('action.retry')}
        </button>
      )}
    </div>
  );
}

/** The outcome of an action, read out by screen readers when it appears. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice" role="status">
      {children}
    </div>
  );
}
