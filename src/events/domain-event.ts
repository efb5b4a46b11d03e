import { EVENT_ACTIONS } from './event-catalogue';

export type EventAction = (typeof EVENT_ACTIONS)[number];

export type ActorType = 'user' | 'service_key' | 'cli' | 'system';
export type SubjectType = 'character' | 'user' | 'bank' | 'account' | 'transfer' | 'service_key' | 'webhook' | 'sanction';

export interface EventActor {
  type: ActorType;
  id: string | null;
}

export interface EventSubject {
  type: SubjectType;
  id: string;
}

/** A change as the module making it describes it; the bus gives it its id and time. */
export interface EventEntry {
  action: EventAction;
  actor: EventActor;
  subject: EventSubject;
  data?: Record<string, unknown>;
}

/**
 * One change, published inside the transaction that makes it. It is exactly what `GET /v1/audit`
 * shows and a `standard` webhook posts (decisions §9).
 */
export interface DomainEvent {
  eventId: string;
  action: EventAction;
  actor: EventActor;
  subject: EventSubject;
  data: Record<string, unknown>;
  createdAt: string;
}

/** The principal of a request: a user, or a service key whose `id` is its keyId. */
export interface EventCaller {
  id: string;
  kind?: 'user' | 'service_key';
}

/** The one way to turn a request's principal into an event's actor. */
export function actorOf(caller: EventCaller): EventActor {
  return { type: caller.kind ?? 'user', id: caller.id };
}

/** The operator's command line acts as nobody in particular. */
export const CLI_ACTOR: EventActor = { type: 'cli', id: null };

/** The service's own scheduled work (the chat role sweep), on nobody's request. */
export const SYSTEM_ACTOR: EventActor = { type: 'system', id: null };
