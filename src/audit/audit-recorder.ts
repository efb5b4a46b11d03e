import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '../events/domain-event';
import { OnDomainEvent } from '../events/on-domain-event';
import { AuditEventEntity } from './audit-event.entity';
import { AuditRepository } from './audit.repository';

/**
 * Records every domain event in the audit log, inside the transaction of its change, so an event
 * exists exactly when its change was committed. It runs before any other handler.
 */
@Injectable()
export class AuditRecorder {
  constructor(private readonly repository: AuditRepository) {}

  @OnDomainEvent({ actions: ['*'], priority: 0 })
  async record(events: DomainEvent[], manager: EntityManager): Promise<void> {
    await this.repository.insert(manager, events.map(toEntity));
  }
}

function toEntity(event: DomainEvent): AuditEventEntity {
  return Object.assign(new AuditEventEntity(), {
    id: event.eventId,
    action: event.action,
    actorType: event.actor.type,
    actorId: event.actor.id,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    data: JSON.stringify(event.data),
    createdAt: new Date(event.createdAt),
  });
}
