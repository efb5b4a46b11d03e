import { ApiProperty } from '@nestjs/swagger';
import type { AuditEventEntity } from './audit-event.entity';
import type { ActorType, DomainEvent, EventAction, SubjectType } from '../events/domain-event';

export class AuditActorJson {
  @ApiProperty({ enum: ['user', 'service_key', 'cli', 'system'] })
  type: ActorType;

  @ApiProperty({ type: String, nullable: true, description: 'user id or service key id; null for the CLI' })
  id: string | null;
}

export class AuditSubjectJson {
  @ApiProperty({ enum: ['character', 'user', 'bank', 'account', 'transfer', 'service_key', 'webhook', 'sanction', 'organisation', 'invoice'] })
  type: SubjectType;

  @ApiProperty()
  id: string;
}

/** An audit event, as `GET /v1/audit` lists it and a `standard` webhook posts it. */
export class AuditEventJson implements DomainEvent {
  @ApiProperty({ description: 'Snowflake id; newer events have greater ids' })
  eventId: string;

  @ApiProperty({ type: String, example: 'character.approved' })
  action: EventAction;

  @ApiProperty({ type: AuditActorJson })
  actor: AuditActorJson;

  @ApiProperty({ type: AuditSubjectJson })
  subject: AuditSubjectJson;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "what changed, as the API shows it; a service key's events add `onBehalfOf`, its maker's user id" })
  data: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class AuditPageJson {
  @ApiProperty({ type: [AuditEventJson], description: 'newest first' })
  events: AuditEventJson[];

  @ApiProperty({ type: String, nullable: true, description: 'pass as `before` for the next page; null on the last' })
  nextBefore: string | null;
}

export function toAuditEventJson(event: AuditEventEntity): AuditEventJson {
  return {
    eventId: event.id,
    action: event.action as EventAction,
    actor: { type: event.actorType as ActorType, id: event.actorId },
    subject: { type: event.subjectType as SubjectType, id: event.subjectId },
    data: JSON.parse(event.data) as Record<string, unknown>,
    createdAt: event.createdAt.toISOString(),
  };
}
