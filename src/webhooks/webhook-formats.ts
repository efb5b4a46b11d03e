import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { DeliveredEvent } from './webhook-outbox';
import type { WebhookFormat } from './webhook.entity';

export interface OutgoingRequest {
  body: string;
  headers: Record<string, string>;
}

/** A new Standard Webhooks signing key. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The request for one attempt. `standard`: the event as `GET /v1/audit` shows it, signed with the
 * delivery id as `webhook-id` (stable across retries). `discord`: an execute-webhook body.
 */
export function outgoingRequest(
  format: WebhookFormat,
  secret: string | null,
  deliveryId: string,
  payload: string,
  now: Date,
): OutgoingRequest {
  const json = { 'content-type': 'application/json', 'user-agent': 'roleplay-platform-webhooks/1' };
  if (format === 'discord') return { body: JSON.stringify(discordBody(JSON.parse(payload) as DeliveredEvent)), headers: json };
  const signature = new Webhook(secret ?? '').sign(deliveryId, now, payload);
  return {
    body: payload,
    headers: {
      ...json,
      'webhook-id': deliveryId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

const TITLES: Record<string, string> = {
  'character.submitted': 'Personaje enviado a revisión',
  'character.cancelled': 'Envío de personaje cancelado',
  'character.approved': 'Personaje aprobado',
  'character.rejected': 'Personaje rechazado',
  'character.edited': 'Personaje editado',
  'character.retired': 'Personaje retirado',
  'character.deceased': 'Personaje fallecido',
  'sanction.issued': 'Sanción impuesta',
  'sanction.revoked': 'Sanción revocada',
  'user.permissions_changed': 'Permisos de usuario cambiados',
  'user.permissions_synced': 'Permisos sincronizados con el chat',
  'user.membership_lost': 'Usuario salió de la comunidad',
  'user.max_characters_changed': 'Límite de personajes cambiado',
  'user.provider_linked': 'Cuenta vinculada',
  'user.provider_unlinked': 'Cuenta desvinculada',
  'bank.created': 'Banco creado',
  'bank.capital_changed': 'Capital del banco cambiado',
  'bank.owner_changed': 'Dueño del banco cambiado',
  'account.opened': 'Cuenta bancaria abierta',
  'organisation.created': 'Organización creada',
  'organisation.updated': 'Organización modificada',
  'organisation.member_hired': 'Miembro contratado',
  'organisation.member_promoted': 'Rango de miembro cambiado',
  'organisation.member_fired': 'Miembro despedido',
  'organisation.member_left': 'Miembro abandonó la organización',
  'organisation.payroll_paid': 'Nómina pagada',
  'invoice.issued': 'Factura emitida',
  'invoice.paid': 'Factura pagada',
  'invoice.cancelled': 'Factura anulada',
  'invoice.declined': 'Factura rechazada',
  'transfer.external': 'Transferencia externa',
  'service_key.created': 'Clave de servicio creada',
  'service_key.revoked': 'Clave de servicio revocada',
  'webhook.created': 'Webhook creado',
  'webhook.updated': 'Webhook modificado',
  'webhook.secret_rotated': 'Secreto de webhook renovado',
  'webhook.deleted': 'Webhook eliminado',
  'webhook.test': 'Prueba de webhook',
};

const SUBJECTS: Record<string, string> = {
  character: 'Personaje',
  user: 'Usuario',
  bank: 'Banco',
  account: 'Cuenta',
  transfer: 'Transferencia',
  service_key: 'Clave de servicio',
  webhook: 'Webhook',
  sanction: 'Sanción',
  organisation: 'Organización',
  invoice: 'Factura',
};

const ACTORS: Record<string, string> = { user: 'Usuario', service_key: 'Clave de servicio', cli: 'Consola', system: 'Sistema' };

const COLOR_GREEN = 0x2ecc71;
const COLOR_RED = 0xe74c3c;
const COLOR_BLUE = 0x3498db;

/** A Discord execute-webhook body with one embed, in Spanish. */
export function discordBody(event: DeliveredEvent) {
  const fields = [
    { name: SUBJECTS[event.subject.type] ?? event.subject.type, value: event.subject.id, inline: true },
    { name: 'Autor', value: `${ACTORS[event.actor.type] ?? event.actor.type}${event.actor.id ? ` ${event.actor.id}` : ''}`, inline: true },
  ];
  const reason = event.data.reason;
  if (typeof reason === 'string' && reason) fields.push({ name: 'Motivo', value: reason.slice(0, 1024), inline: false });
  return {
    username: 'Registro de auditoría',
    embeds: [
      {
        title: TITLES[event.action] ?? event.action,
        description: `\`${event.action}\``,
        color: event.action.endsWith('rejected') ? COLOR_RED : event.action.endsWith('approved') ? COLOR_GREEN : COLOR_BLUE,
        fields,
        footer: { text: `Evento ${event.eventId}` },
        timestamp: event.createdAt,
      },
    ],
  };
}
