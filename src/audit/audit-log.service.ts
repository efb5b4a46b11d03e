import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdGenerator } from '../database/id-generator';
import { AuditEventEntity } from './audit-event.entity';
import { AuditRepository } from './audit.repository';
import { type AuditEventBody, toAuditEventJson } from './audit.schema';
import type { AuditEntry } from './audit.types';

/** Told of every event inside its transaction (the webhook outbox writes its deliveries there). */
export interface AuditSink {
  recorded(manager: EntityManager, events: AuditEventBody[]): Promise<void>;
}

/**
 * The audit log's writing side. Every module records its changes here with its own
 * transaction's manager, so an event exists exactly when its change was committed.
 */
@Injectable()
export class AuditLog {
  private readonly sinks: AuditSink[] = [];

  constructor(
    private readonly ids: IdGenerator,
    private readonly repository: AuditRepository,
  ) {}

  addSink(sink: AuditSink): void {
    this.sinks.push(sink);
  }

  async record(manager: EntityManager, entry: AuditEntry): Promise<AuditEventBody> {
    const [event] = await this.recordAll(manager, [entry]);
    return event;
  }

  /** The entries of one change (a batch), in order: one insert, and each sink told once. */
  async recordAll(manager: EntityManager, entries: AuditEntry[]): Promise<AuditEventBody[]> {
    if (entries.length === 0) return [];
    const createdAt = new Date();
    const events = entries.map((entry) =>
      Object.assign(new AuditEventEntity(), {
        id: this.ids.next(),
        action: entry.action,
        actorType: entry.actor.type,
        actorId: entry.actor.id,
        subjectType: entry.subject.type,
        subjectId: entry.subject.id,
        data: JSON.stringify(entry.data ?? {}),
        createdAt,
      }),
    );
    await this.repository.insert(manager, events);
    const json = events.map(toAuditEventJson);
    for (const sink of this.sinks) await sink.recorded(manager, json);
    return json;
  }

  /** The latest events about any of these subjects (a user, their characters and sanctions), newest first. */
  async latestAbout(subjectIds: string[], limit: number): Promise<AuditEventBody[]> {
    return (await this.repository.latestAbout(subjectIds, limit)).map(toAuditEventJson);
  }

  /** Stored events by id, as `GET /v1/audit` shows them. */
  async find(ids: string[]): Promise<Map<string, AuditEventBody>> {
    return new Map((await this.repository.findMany(ids)).map((event) => [event.id, toAuditEventJson(event)]));
  }
}
