import type { ReactNode } from 'react';
import type { Schemas } from '../../../../clients/typescript';
import { type I18n, useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { permissionNames } from '../../session/permissions';
import { Time } from '../../ui/time';
import { PersonLink } from '../users/person-link';
import { eventsText } from '../webhooks/webhook-events';
import { isKnown, labelKey, sentenceKey } from './audit-actions';

type AuditEvent = Schemas['AuditEventJson'];

/** One recorded change as a sentence: who did what to whom, when, and the details that matter. */
export function AuditEventItem({ event }: { event: AuditEvent }) {
  const i18n = useI18n();
  const parts = { actor: <Actor actor={event.actor} />, subject: <Subject event={event} /> };
  return (
    <li className="row" data-row tabIndex={-1}>
      <p className="row-title">
        {isKnown(event.action) ? i18n.rich(sentenceKey(event.action), parts) : i18n.rich('audit.sentence.unknown', { ...parts, action: <code>{event.action}</code> })}
      </p>
      <p className="hint">
        <Time value={event.createdAt} />
        {isKnown(event.action) && <> · {i18n.t(labelKey(event.action))}</>}
      </p>
      <Details event={event} i18n={i18n} />
    </li>
  );
}

function Actor({ actor }: { actor: AuditEvent['actor'] }) {
  const { t } = useI18n();
  if (actor.type === 'cli') return <>{t('audit.actor.cli')}</>;
  if (actor.type === 'system') return <>{t('audit.actor.system')}</>;
  if (actor.type === 'service_key') return <>{t('audit.actor.serviceKey', { id: actor.id ?? '' })}</>;
  return <PersonLink userId={actor.id ?? ''} />;
}

/** The subject, linked where the console has a screen for it (sanctions lead to their user). */
function Subject({ event }: { event: AuditEvent }) {
  const { t } = useI18n();
  const { subject, data } = event;
  const owner = typeof data.userId === 'string' ? data.userId : undefined;
  switch (subject.type) {
    case 'user':
      return <PersonLink userId={subject.id} />;
    case 'sanction':
      return owner ? <PersonLink userId={owner} /> : <code>{subject.id}</code>;
    case 'character':
      return owner ? (
        <Link to={{ screen: 'character', userId: owner, characterId: subject.id }} className="mono">
          {subject.id}
        </Link>
      ) : (
        <code>{subject.id}</code>
      );
    case 'webhook':
      return (
        <Link to={{ screen: 'deliveries', webhookId: subject.id }} className="mono">
          {subject.id}
        </Link>
      );
    default:
      return <span title={t(`audit.subject.${subject.type}`)}>{<code>{subject.id}</code>}</span>;
  }
}

/** The fields of `data` worth reading, in words; the owner is already the subject's link. */
function Details({ event, i18n }: { event: AuditEvent; i18n: I18n }) {
  const entries = Object.entries(event.data).filter(([key, value]) => key !== 'userId' && value !== null && value !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="inline-facts">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{detailLabel(key, i18n)}</dt>
          <dd>{detailValue(event.action, key, value, i18n)}</dd>
        </div>
      ))}
    </dl>
  );
}

const DETAIL_LABELS = ['reason', 'before', 'after', 'type', 'expiresAt', 'fields', 'name', 'permissions', 'url', 'events', 'format', 'providerName', 'externalId', 'capital', 'amount', 'memo', 'ownerId', 'bankId', 'characterId', 'from', 'to'];

function detailLabel(key: string, { t }: I18n): string {
  return DETAIL_LABELS.includes(key) ? t(`audit.detail.${key}` as Parameters<I18n['t']>[0]) : key;
}

function detailValue(action: string, key: string, value: unknown, i18n: I18n): ReactNode {
  const permissionsChange = action === 'user.permissions_changed' || action === 'user.permissions_synced';
  if ((permissionsChange && (key === 'before' || key === 'after')) || key === 'permissions') return permissionList(String(value), i18n);
  if (key === 'expiresAt' && typeof value === 'string') return <Time value={value} />;
  if (key === 'type' && action.startsWith('sanction.') && typeof value === 'string') return i18n.t(`sanction.type.${value as 'ban'}`);
  if (key === 'providerName' && (value === 'chatapp' || value === 'gameplatform')) return i18n.t(`provider.${value}`);
  if (key === 'format' && (value === 'standard' || value === 'discord')) return i18n.t(`webhooks.format.${value}`);
  if (key === 'events' && Array.isArray(value)) return eventsText(value.map(String), i18n);
  if (typeof value === 'number') return i18n.number(value);
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function permissionList(decimal: string, i18n: I18n): string {
  const names = permissionNames(Number(decimal));
  return names.length ? i18n.all(names.map((name) => i18n.t(`permission.${name}`))) : i18n.t('permission.none');
}
