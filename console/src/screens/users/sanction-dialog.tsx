import { type FormEvent, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { SANCTION_ISSUERS } from '../../session/permissions';
import { MAX_REASON } from '../../ui/action-dialog';
import { Dialog } from '../../ui/dialog';
import { FormEnd } from '../../ui/form-end';
import { DURATIONS, type Duration, expiryOf } from './sanction-rules';

type SanctionType = Schemas['IssueSanctionDto']['type'];
const TYPES: SanctionType[] = ['warning', 'suspension', 'ban'];

/** Issue a warning, a suspension or a ban: what, why, and for how long. */
export function SanctionDialog({ userId, name, issued, onClose }: { userId: string; name: string; issued(sanction: Schemas['SanctionJson']): void; onClose(): void }) {
  const { t } = useI18n();
  const [type, setType] = useState<SanctionType>('warning');
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<Duration>('7d');
  const [until, setUntil] = useState('');
  const ids = { reason: useId(), duration: useId(), until: useId(), counter: useId(), consequence: useId() };
  const issue = useAction(() =>
    answer(api.POST('/v1/users/{userId}/sanctions', { params: { path: { userId } }, body: { type, reason: reason.trim(), expiresAt: expiryOf(duration, until) } })),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sanction = await issue.run();
    if (sanction) issued(sanction);
  };
  return (
    <Dialog title={t('sanction.issueTitle', { name })} onClose={onClose}>
      <form onSubmit={submit}>
        <fieldset className="choices">
          <legend>{t('sanction.type')}</legend>
          {TYPES.map((option) => (
            <label key={option} className="check">
              <input type="radio" name="sanction-type" value={option} checked={type === option} onChange={() => setType(option)} aria-describedby={ids.consequence} />
              {t(`sanction.type.${option}`)}
            </label>
          ))}
        </fieldset>
        <p id={ids.consequence} className="hint">
          {t(`sanction.consequence.${type}`)}
        </p>
        <div className="field">
          <label htmlFor={ids.reason}>{t('sanction.reason')}</label>
          <textarea id={ids.reason} required maxLength={MAX_REASON} rows={3} value={reason} aria-describedby={ids.counter} onChange={(event) => setReason(event.target.value)} />
          <p id={ids.counter} className="hint">
            {t('form.characters', { count: reason.length, max: MAX_REASON })}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.duration}>{t('sanction.duration')}</label>
          <select id={ids.duration} value={duration} onChange={(event) => setDuration(event.target.value as Duration)}>
            {DURATIONS.map((option) => (
              <option key={option} value={option}>
                {t(`sanction.duration.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {duration === 'until' && (
          <div className="field">
            <label htmlFor={ids.until}>{t('sanction.untilField')}</label>
            <input id={ids.until} type="datetime-local" required value={until} onChange={(event) => setUntil(event.target.value)} />
          </div>
        )}
        <FormEnd action={issue} submit={t('sanction.issue')} danger needs={SANCTION_ISSUERS} forbidden="problem.forbidden.sanction">
          <button type="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
        </FormEnd>
      </form>
    </Dialog>
  );
}
