import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useAction } from '../api/action';
import { useI18n } from '../i18n/i18n';
import { Dialog } from './dialog';
import { FormEnd } from './form-end';
import type { ProblemContext } from './problem-text';

export const MAX_REASON = 500;

interface ActionDialogProps<R> extends ProblemContext {
  title: string;
  children?: ReactNode;
  /** The button that does it ("Reject 3"). */
  confirm: string;
  danger?: boolean;
  /** A reason field: its label, and whether it may stay empty. */
  reason?: { label: string; required: boolean };
  perform(reason: string): Promise<R>;
  /** Called with the answer once it succeeded; the caller closes the dialog. */
  done(result: R): void;
  onClose(): void;
}

/** "Are you sure?", or "why?", before a change: the change runs inside, its problem shows inside. */
export function ActionDialog<R>({ title, children, confirm, danger, reason, perform, done, onClose, ...context }: ActionDialogProps<R>) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  // Wrapped, so that a change answering nothing (204) still counts as done.
  const action = useAction(async (why: string) => ({ value: await perform(why) }));
  const fieldId = useId();
  const counterId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await action.run(text.trim());
    if (outcome) done(outcome.value);
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit}>
        {children}
        {reason && (
          <div className="field">
            <label htmlFor={fieldId}>
              {reason.label}
              {!reason.required && <span className="optional"> {t('form.optional')}</span>}
            </label>
            <textarea
              id={fieldId}
              value={text}
              required={reason.required}
              maxLength={MAX_REASON}
              rows={4}
              aria-describedby={counterId}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={counterId} className="hint">
              {t('form.characters', { count: text.length, max: MAX_REASON })}
            </p>
          </div>
        )}
        <FormEnd action={action} submit={confirm} danger={danger} {...context}>
          <button type="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
        </FormEnd>
      </form>
    </Dialog>
  );
}
