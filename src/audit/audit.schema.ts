import { ApiProperty } from '@nestjs/swagger';
import type { AuditEventEntity } from './audit-event.entity';
import type { ActorType, SubjectType } from './audit.types';

export class AuditActorBody {
  @ApiProperty({ enum: ['user', 'service_key', 'cli'] })
  type: ActorType;

  @ApiProperty({ type: String, nullable: true, description: 'user id or service key id; null for the CLI' })
  id: string | null;
}

export class AuditSubjectBody {
  @ApiProperty({ enum: ['character', 'user', 'bank', 'account', 'transfer', 'service_key', 'webhook', 'sanction'] })
  type: SubjectType;

  @ApiProperty()
  id: string;
}

/** An audit event, as `GET /v1/audit` lists it and a `standard` webhook posts it. */
export class AuditEventBody {
  @ApiProperty({ description: 'Snowflake id; newer events have greater ids' })
  eventId: string;

  @ApiProperty({ example: 'character.approved' })
  action: string;

  @ApiProperty({ type: AuditActorBody })
  actor: AuditActorBody;

  @ApiProperty({ type: AuditSubjectBody })
  subject: AuditSubjectBody;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'what changed, as the API shows it' })
  data: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class AuditPageBody {
  @ApiProperty({ type: [AuditEventBody], description: 'newest first' })
  events: AuditEventBody[];

  @ApiProperty({ type: String, nullable: true, description: 'pass as `before` for the next page; null on the last' })
  nextBefore: string | null;
}

export function toAuditEventJson(event: AuditEventEntity): AuditEventBody {
  return {
    eventId: event.id,
    action: event.action,
    actor: { type: event.actorType as ActorType, id: event.actorId },
    subject: { type: event.subjectType as SubjectType, id: event.subjectId },
    data: JSON.parse(event.data) as Record<string, unknown>,
    createdAt: event.createdAt.toISOString(),
  };
}
