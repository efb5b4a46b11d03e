import { useEffect } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { api } from '../../api/client';
import { useAction } from '../../api/action';
import { useCursorList } from '../../api/cursor-list';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { ADMINISTRATORS } from '../../session/permissions';
import { DeliveryBadge } from '../../ui/badges';
import { MoreButton } from '../../ui/more';
import { Page } from '../../ui/page';
import { Empty, Loading, ProblemMessage } from '../../ui/states';
import { Time } from '../../ui/time';
import { isKnown, labelKey } from '../audit/audit-actions';
import { TestButton } from './webhook-item';

const PAGE_SIZE = 25;
/** While a delivery is pending, the list is read again this often (the worker tries at least every second). */
const REFRESH_MS = 2000;

type Delivery = Schemas['DeliveryJson'];

/** A webhook's deliveries, newest first, with a retry for the failed ones. */
export function DeliveriesPage({ webhookId }: { webhookId: string }) {
  const { t } = useI18n();
  const webhooks = useResource((signal) => answer(api.GET('/v1/webhooks', { signal })), []);
  const webhook = webhooks.status === 'ready' ? webhooks.data.webhooks.find((one) => one.webhookId === webhookId) : undefined;
  const deliveries = useCursorList(
    (before, signal) =>
      answer(api.GET('/v1/webhooks/{webhookId}/deliveries', { params: { path: { webhookId }, query: { before, limit: PAGE_SIZE } }, signal })).then(
        (page) => ({ items: page.deliveries, next: page.nextBefore }),
      ),
    (delivery) => delivery.deliveryId,
    [webhookId],
  );
  const pending = deliveries.items.some((delivery) => delivery.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(deliveries.refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, deliveries.refresh]);
  return (
    <Page title={t('deliveries.title')} intro={webhook ? <span className="mono">{webhook.url}</span> : undefined}>
      <p>
        <Link to={{ screen: 'webhooks' }}>{t('deliveries.back')}</Link>
      </p>
      <div className="buttons">
        <TestButton webhookId={webhookId} sent={deliveries.refresh} />
        <button type="button" onClick={deliveries.refresh}>
          {t('action.refresh')}
        </button>
      </div>
      {deliveries.status === 'loading' && <Loading />}
      {deliveries.status === 'failed' && deliveries.problem && <ProblemMessage problem={deliveries.problem} retry={deliveries.reload} needs={ADMINISTRATORS} />}
      {deliveries.status === 'ready' && deliveries.items.length === 0 && <Empty>{t('deliveries.none')}</Empty>}
      {deliveries.items.length > 0 && (
        <ul className="rows">
          {deliveries.items.map((delivery) => (
            <DeliveryRow key={delivery.deliveryId} webhookId={webhookId} delivery={delivery} retried={deliveries.refresh} />
          ))}
        </ul>
      )}
      <MoreButton list={deliveries} />
    </Page>
  );
}

function DeliveryRow({ webhookId, delivery, retried }: { webhookId: string; delivery: Delivery; retried(): void }) {
  const { t, number } = useI18n();
  const retry = useAction(() =>
    answer(api.POST('/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry', { params: { path: { webhookId, deliveryId: delivery.deliveryId } } })).then(() => true),
  );
  const again = async () => {
    if (await retry.run()) retried();
  };
  return (
    <li className="row" data-row tabIndex={-1}>
      <p className="row-title">
        {actionLabel(delivery.action, t)} <DeliveryBadge status={delivery.status} />
      </p>
      <p className="hint">
        <Time value={delivery.createdAt} /> · {t('deliveries.attempts', { count: number(delivery.attempts) })}
        {delivery.lastStatusCode !== null && <> · {t('deliveries.lastStatus', { status: delivery.lastStatusCode })}</>}
        {delivery.deliveredAt && (
          <>
            {' · '}
            {t('deliveries.deliveredAt')} <Time value={delivery.deliveredAt} />
          </>
        )}
        {delivery.nextAttemptAt && (
          <>
            {' · '}
            {t('deliveries.nextAttempt')} <Time value={delivery.nextAttemptAt} />
          </>
        )}
      </p>
      {delivery.lastError && <p className="hint">{t('deliveries.lastError', { error: delivery.lastError })}</p>}
      {delivery.status === 'failed' && (
        <button type="button" onClick={again} disabled={retry.pending}>
          {t('deliveries.retry')}
        </button>
      )}
      {retry.problem && <ProblemMessage problem={retry.problem} needs={ADMINISTRATORS} />}
    </li>
  );
}

/** `webhook.test` is no audit action: only deliveries carry it. */
function actionLabel(action: string, t: ReturnType<typeof useI18n>['t']): string {
  if (action === 'webhook.test') return t('deliveries.testEvent');
  return isKnown(action) ? t(labelKey(action)) : action;
}
