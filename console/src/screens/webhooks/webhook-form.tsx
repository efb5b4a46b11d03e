import { type FormEvent, useId, useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { ADMINISTRATORS } from '../../session/permissions';
import { FormEnd } from '../../ui/form-end';
import { EventsLabel } from './webhook-item';
import { EVENT_CHOICES } from './webhook-events';

type Format = Schemas['CreateWebhookDto']['format'];

/** A new subscription: where, in which format, to which events. */
export function WebhookForm({ created }: { created(webhook: Schemas['CreatedWebhookJson']): void }) {
  const { t } = useI18n();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Format>('standard');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set(['*']));
  const [description, setDescription] = useState('');
  const [missingEvents, setMissingEvents] = useState(false);
  const ids = { url: useId(), description: useId(), eventsError: useId() };
  const create = useAction(() =>
    answer(api.POST('/v1/webhooks', { body: { url: url.trim(), format, events: [...events], ...(description.trim() ? { description: description.trim() } : {}) } })),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissingEvents(events.size === 0);
    if (events.size === 0) return;
    const webhook = await create.run();
    if (!webhook) return;
    setUrl('');
    setDescription('');
    created(webhook);
  };
  const toggle = (choice: string) => {
    const next = new Set(events);
    if (next.has(choice)) next.delete(choice);
    else next.add(choice);
    setEvents(next);
  };
  return (
    <form onSubmit={submit} className="panel">
      <div className="field">
        <label htmlFor={ids.url}>{t('webhooks.url')}</label>
        <input id={ids.url} type="url" required maxLength={2048} value={url} placeholder="https://" onChange={(event) => setUrl(event.target.value)} />
      </div>
      <fieldset className="choices">
        <legend>{t('webhooks.format')}</legend>
        {(['standard', 'discord'] as const).map((option) => (
          <label key={option} className="check">
            <input type="radio" name="webhook-format" checked={format === option} onChange={() => setFormat(option)} />
            {t(`webhooks.format.${option}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="checks" aria-describedby={missingEvents ? ids.eventsError : undefined}>
        <legend>{t('webhooks.events')}</legend>
        {EVENT_CHOICES.map((choice) => (
          <label key={choice} className="check">
            <input type="checkbox" checked={events.has(choice)} onChange={() => toggle(choice)} />
            {choice === '*' ? t('webhooks.events.allChoice') : <EventsLabel events={[choice]} />}
          </label>
        ))}
        {missingEvents && (
          <p id={ids.eventsError} className="error" role="alert">
            {t('webhooks.eventsRequired')}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.description}>
          {t('webhooks.description')} <span className="optional">{t('form.optional')}</span>
        </label>
        <input id={ids.description} maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <FormEnd action={create} submit={t('webhooks.create')} needs={ADMINISTRATORS} />
    </form>
  );
}
