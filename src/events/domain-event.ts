import { EVENT_ACTIONS } from './event-catalogue';

export type EventAction = (typeof EVENT_ACTIONS)[number];

export type ActorType = 'user' | 'service_key' | 'cli' | 'system';
export type SubjectType = 'character' | 'user' | 'bank' | 'account' | 'transfer' | 'service_key' | 'webhook' | 'sanction' | 'organisation' | 'invoice';

export interface EventActor {
  type: ActorType;
  id: string | null;
  /** A service key's maker: the bus moves it into the event's `data` (decisions §13). */
  onBehalfOf?: string;
}

/** The actor as an event shows it. */
export type ShownActor = Omit<EventActor, 'onBehalfOf'>;

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
  actor: ShownActor;
  subject: EventSubject;
  data: Record<string, unknown>;
  createdAt: string;
}

/** The principal of a request: a user, or a service key whose `id` is its keyId. */
export interface EventCaller {
  id: string;
  kind?: 'user' | 'service_key';
  onBehalfOf?: string;
}

/** The one way to turn a request's principal into an event's actor. */
export function actorOf(caller: EventCaller): EventActor {
  const actor: EventActor = { type: caller.kind ?? 'user', id: caller.id };
  if (caller.kind === 'service_key' && caller.onBehalfOf) actor.onBehalfOf = caller.onBehalfOf;
  return actor;
}

/** The person an actor's "own" rules are about: the user, or the maker of a service key. */
export function personActing(actor: EventActor): string | null {
  return actor.type === 'service_key' ? (actor.onBehalfOf ?? null) : actor.id;
}

/** The operator's command line acts as nobody in particular. */
export const CLI_ACTOR: EventActor = { type: 'cli', id: null };

/** The service's own scheduled work (the chat role sweep), on nobody's request. */
export const SYSTEM_ACTOR: EventActor = { type: 'system', id: null };
