import type { ReactNode } from 'react';
import type { ApiProblem } from '../api/problem';
import { useI18n } from '../i18n/i18n';
import type { ProblemContext } from './problem-text';
import { ProblemMessage } from './states';

interface FormEndProps extends ProblemContext {
  /** The change the form sends: busy while it runs, its problem shown when it failed. */
  action: { pending: boolean; problem?: ApiProblem };
  /** What the submit button says ("Create key"). */
  submit: string;
  danger?: boolean;
  /** Buttons after the submit one (Cancel). */
  children?: ReactNode;
}

/** The end of every form: why the last try failed, and the button that sends it, which cannot be pressed twice. */
export function FormEnd({ action, submit, danger, children, ...context }: FormEndProps) {
  const { t } = useI18n();
  return (
    <>
      {action.problem && <ProblemMessage problem={action.problem} {...context} />}
      <div className="buttons">
        <button type="submit" className={danger ? 'danger' : 'primary'} disabled={action.pending}>
          {action.pending ? t('state.working') : submit}
        </button>
        {children}
      </div>
    </>
  );
}
