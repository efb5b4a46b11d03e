import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { answer } from '../../api/problem';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { ADMINISTRATORS } from '../../session/permissions';
import { ActionDialog } from '../../ui/action-dialog';
import { Notice, ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import { RotatedSecret, RotateSecretButton } from './rotate-secret';
import { eventsText } from './webhook-events';

type Webhook = Schemas['WebhookJson'];

export function EventsLabel({ events }: { events: string[] }) {
  return <>{eventsText(events, useI18n())}</>;
}

/** Sends a `webhook.test` event; the delivery shows among the webhook's deliveries. */
export function TestButton({ webhookId, sent }: { webhookId: string; sent?(): void }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  const test = useAction(() => answer(api.POST('/v1/webhooks/{webhookId}/test', { params: { path: { webhookId } } })));
  const send = async () => {
    setDone(false);
    if (!(await test.run())) return;
    setDone(true);
    sent?.();
  };
  return (
    <>
      <button type="button" onClick={send} disabled={test.pending}>
        {t('webhooks.test')}
      </button>
      {done && <Notice>{t('webhooks.testSent')}</Notice>}
      {test.problem && <ProblemMessage problem={test.problem} needs={ADMINISTRATORS} />}
    </>
  );
}

export function WebhookItem({ webhook, changed, deleted }: { webhook: Webhook; changed(webhook: Webhook): void; deleted(): void }) {
  const { t } = useI18n();
  const [deleting, setDeleting] = useState(false);
  const [secret, setSecret] = useState<string | undefined>();
  const toggle = useAction(() => answer(api.PATCH('/v1/webhooks/{webhookId}', { params: { path: { webhookId: webhook.webhookId } }, body: { active: !webhook.active } })));
  const switchActive = async () => {
    const updated = await toggle.run();
    if (updated) changed(updated);
  };
  return (
    <li className={webhook.active ? 'row' : 'row past'}>
      <p className="row-title">
        <span className="mono">{webhook.url}</span> <span className="badge">{t(`webhooks.format.${webhook.format}`)}</span>{' '}
        {!webhook.active && <span className="badge">{t('webhooks.inactive')}</span>}
      </p>
      {webhook.description && <p>{webhook.description}</p>}
      <p className="hint">
        <EventsLabel events={webhook.events} /> · {t('webhooks.createdAt')} <Time value={webhook.createdAt} />
      </p>
      <div className="buttons">
        <TestButton webhookId={webhook.webhookId} />
        <Link to={{ screen: 'deliveries', webhookId: webhook.webhookId }} className="button">
          {t('webhooks.deliveries')}
        </Link>
        <button type="button" onClick={switchActive} disabled={toggle.pending}>
          {t(webhook.active ? 'webhooks.deactivate' : 'webhooks.activate')}
        </button>
        {webhook.format === 'standard' && <RotateSecretButton webhookId={webhook.webhookId} rotated={setSecret} />}
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          {t('action.delete')}
        </button>
      </div>
      {secret && <RotatedSecret key={secret} secret={secret} />}
      {toggle.problem && <ProblemMessage problem={toggle.problem} needs={ADMINISTRATORS} />}
      {deleting && (
        <ActionDialog
          title={t('webhooks.deleteTitle')}
          confirm={t('action.delete')}
          danger
          needs={ADMINISTRATORS}
          perform={() => answer(api.DELETE('/v1/webhooks/{webhookId}', { params: { path: { webhookId: webhook.webhookId } } }))}
          done={deleted}
          onClose={() => setDeleting(false)}
        >
          <p>{t('webhooks.deleteExplain', { url: webhook.url })}</p>
        </ActionDialog>
      )}
    </li>
  );
}
