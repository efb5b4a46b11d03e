import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import type { DomainEvent, EventEntry } from './domain-event';
import { matchesAction } from './event-catalogue';
import { DOMAIN_EVENT_HANDLER, type DomainEventHandlerOptions } from './on-domain-event';

/** The manager is the publishing transaction's, in the transaction phase only. */
type Handle = (events: DomainEvent[], manager?: EntityManager) => Promise<void> | void;

interface Subscription extends Required<DomainEventHandlerOptions> {
  name: string;
  handle: Handle;
}

/**
 * The one way a change crosses modules: the module making it publishes its events inside its
 * transaction; the audit log records them and the modules that own the consequences react
 * (a ban ends sessions, an ended character freezes its money), each in its own tables.
 */
@Injectable()
export class DomainEvents implements OnModuleInit {
  private readonly logger = new Logger(DomainEvents.name);
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly ids: IdGenerator,
    private readonly transactions: TransactionRunner,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.subscriptions = this.discover().sort((a, b) => a.priority - b.priority);
  }

  async publish(manager: EntityManager, entry: EventEntry): Promise<DomainEvent> {
    const [event] = await this.publishAll(manager, [entry]);
    return event;
  }

  /** The entries of one change (a batch), in order; each handler is called once with those it handles. */
  async publishAll(manager: EntityManager, entries: EventEntry[]): Promise<DomainEvent[]> {
    if (entries.length === 0) return [];
    const createdAt = new Date().toISOString();
    const events = entries.map(({ action, actor: { onBehalfOf, ...actor }, subject, data }) => ({
      eventId: this.ids.next(),
      action,
      actor,
      subject,
      data: onBehalfOf ? { ...data, onBehalfOf } : (data ?? {}),
      createdAt,
    }));
    for (const subscription of this.subscriptions) {
      const handled = events.filter((event) => matchesAction(subscription.actions, event.action));
      if (handled.length === 0) continue;
      if (subscription.phase === 'transaction') await subscription.handle(handled, manager);
      else this.transactions.afterCommit(manager, () => this.afterCommit(subscription, handled));
    }
    return events;
  }

  private async afterCommit(subscription: Subscription, events: DomainEvent[]): Promise<void> {
    try {
      await subscription.handle(events);
    } catch (error) {
      this.logger.error(`${subscription.name} failed after commit: ${(error as Error).message}`);
    }
  }

  private discover(): Subscription[] {
    return this.discovery.getProviders().flatMap(({ instance }) => {
      if (!instance || typeof instance !== 'object') return [];
      const prototype = Object.getPrototypeOf(instance) as object;
      return this.scanner.getAllMethodNames(prototype).flatMap((method) => {
        const handle = (instance as Record<string, Handle>)[method];
        const options = this.reflector.get<DomainEventHandlerOptions | undefined>(DOMAIN_EVENT_HANDLER, handle);
        if (!options) return [];
        const name = `${instance.constructor.name}.${method}`;
        return [{ phase: 'transaction', priority: 10, ...options, name, handle: handle.bind(instance) as Handle }];
      });
    });
  }
}
