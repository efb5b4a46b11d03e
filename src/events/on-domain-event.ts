import { SetMetadata } from '@nestjs/common';

export const DOMAIN_EVENT_HANDLER = 'domain-events:handler';

export interface DomainEventHandlerOptions {
  /** The actions handled: names, `prefix.*` or `*` (Outline's `applicableEvents`). */
  actions: readonly string[];
  /**
   * `transaction` (the default): called inside the transaction that publishes, with its manager,
   * so the reaction commits or rolls back with the change. `committed`: called once it committed,
   * for work that must see the change from outside (a sweep of what raced it).
   */
  phase?: 'transaction' | 'committed';
  /** Lower runs first; the audit log records at 0, before anything reacts. */
  priority?: number;
}

/**
 * Marks a provider's method as a handler of domain events, called with the matching events of one
 * publication (and, in the transaction phase, the transaction's manager). Found once at start-up
 * (Immich's `@OnEvent`), so a module reacts to another's change without the publisher knowing it.
 */
export function OnDomainEvent(options: DomainEventHandlerOptions): MethodDecorator {
  return SetMetadata(DOMAIN_EVENT_HANDLER, options);
}
