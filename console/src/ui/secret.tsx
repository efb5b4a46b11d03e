import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';

/** A secret the API shows only once (a service key, a webhook's signing secret), with a copy button. */
export function OnceSecret({ label, value }: { label: string; value: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const warningId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the person to copy.
      field.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="secret">
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} ref={field} readOnly value={value} className="mono" aria-describedby={warningId} onFocus={(event) => event.target.select()} />
        <button type="button" onClick={copy}>
          {t('action.copy')}
        </button>
      </div>
      <p id={warningId} className="hint warning">
        {t('secret.onlyOnce')}
      </p>
      <p role="status" className="hint">
        {copied === 'yes' ? t('secret.copied') : copied === 'no' ? t('secret.copyYourself') : ''}
      </p>
    </div>
  );
}

/** What was just created, taking the focus: it may hold a secret that will not be shown again. */
export function CreatedPanel({ title, children }: { title: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} className="notice created" tabIndex={-1} role="region" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {children}
    </div>
  );
}
