/** Every action the audit log records (decisions §9, §11). */
export const AUDIT_ACTIONS = [
  'character.submitted',
  'character.cancelled',
  'character.approved',
  'character.rejected',
  'character.edited',
  'character.retired',
  'character.deceased',
  'sanction.issued',
  'sanction.revoked',
  'user.permissions_changed',
  'user.max_characters_changed',
  'user.provider_linked',
  'user.provider_unlinked',
  'bank.created',
  'bank.capital_changed',
  'bank.owner_changed',
  'account.opened',
  'transfer.external',
  'service_key.created',
  'service_key.revoked',
  'webhook.created',
  'webhook.deleted',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type ActorType = 'user' | 'service_key' | 'cli';
export type SubjectType = 'character' | 'user' | 'bank' | 'account' | 'transfer' | 'service_key' | 'webhook' | 'sanction';

export interface AuditActor {
  type: ActorType;
  id: string | null;
}

export interface AuditSubject {
  type: SubjectType;
  id: string;
}

export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  subject: AuditSubject;
  data?: Record<string, unknown>;
}

/** The principal of a request: a user, or (once service keys exist) a key whose `id` is its keyId. */
export interface AuditCaller {
  id: string;
  kind?: 'user' | 'service_key';
}

/** The one way to turn a request's principal into an audit actor. */
export function actorOf(caller: AuditCaller): AuditActor {
  return { type: caller.kind ?? 'user', id: caller.id };
}

/** The operator's command line acts as nobody in particular. */
export const CLI_ACTOR: AuditActor = { type: 'cli', id: null };
