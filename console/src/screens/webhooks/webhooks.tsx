import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { ADMINISTRATORS } from '../../session/permissions';
import { Page } from '../../ui/page';
import { CreatedPanel, OnceSecret } from '../../ui/secret';
import { Empty, Loading, Notice, ProblemMessage } from '../../ui/states';
import { WebhookForm } from './webhook-form';
import { TestButton, WebhookItem } from './webhook-item';

/** Webhooks: subscriptions of other services to the audit events. */
export function WebhooksPage() {
  const { t } = useI18n();
  const webhooks = useResource((signal) => answer(api.GET('/v1/webhooks', { signal })), []);
  const [created, setCreated] = useState<Schemas['CreatedWebhookJson'] | undefined>();
  const [deletedNotice, setDeletedNotice] = useState(false);
  const add = (webhook: Schemas['CreatedWebhookJson']) => {
    setCreated(webhook);
    setDeletedNotice(false);
    webhooks.update((data) => ({ webhooks: [...data.webhooks, webhook] }));
  };
  const replace = (webhook: Schemas['WebhookJson']) =>
    webhooks.update((data) => ({ webhooks: data.webhooks.map((one) => (one.webhookId === webhook.webhookId ? webhook : one)) }));
  const remove = (webhookId: string) => {
    setDeletedNotice(true);
    webhooks.update((data) => ({ webhooks: data.webhooks.filter((one) => one.webhookId !== webhookId) }));
  };
  return (
    <Page title={t('webhooks.title')} intro={t('webhooks.intro')}>
      <section aria-labelledby="new-webhook">
        <h2 id="new-webhook">{t('webhooks.new')}</h2>
        <WebhookForm created={add} />
        {created && (
          <CreatedPanel key={created.webhookId} title={t('webhooks.created')}>
            <p className="mono">{created.url}</p>
            {created.secret && <OnceSecret label={t('webhooks.secret')} value={created.secret} />}
            <div className="buttons">
              <TestButton webhookId={created.webhookId} />
              <Link to={{ screen: 'deliveries', webhookId: created.webhookId }} className="button">
                {t('webhooks.deliveries')}
              </Link>
            </div>
          </CreatedPanel>
        )}
      </section>
      <section aria-labelledby="webhook-list">
        <h2 id="webhook-list">{t('webhooks.list')}</h2>
        <p className="hint">{t('webhooks.maskedUrl')}</p>
        {deletedNotice && <Notice>{t('webhooks.deleted')}</Notice>}
        {webhooks.status === 'loading' && <Loading />}
        {webhooks.status === 'failed' && <ProblemMessage problem={webhooks.problem} retry={webhooks.reload} needs={ADMINISTRATORS} />}
        {webhooks.status === 'ready' &&
          (webhooks.data.webhooks.length === 0 ? (
            <Empty>{t('webhooks.none')}</Empty>
          ) : (
            <ul className="rows">
              {webhooks.data.webhooks.map((webhook) => (
                <WebhookItem key={webhook.webhookId} webhook={webhook} changed={replace} deleted={() => remove(webhook.webhookId)} />
              ))}
            </ul>
          ))}
      </section>
    </Page>
  );
}
