import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';

/** One recorded change (decisions §9); written in the transaction of the change itself. */
@Entity({ name: 'audit_events' })
@Index('IDX_audit_events_action', ['action', 'id'])
@Index('IDX_audit_events_actor', ['actorId', 'id'])
@Index('IDX_audit_events_subject', ['subjectId', 'id'])
export class AuditEventEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 16 })
  actorType: string;

  /** A user id or service key id; null for the CLI. */
  @SnowflakeColumn({ nullable: true })
  actorId: string | null;

  @Column({ type: 'varchar', length: 16 })
  subjectType: string;

  @SnowflakeColumn()
  subjectId: string;

  /** The event's `data` as JSON text, exactly as the API shows it. */
  @Column({ type: 'text' })
  data: string;

  @CreatedAtColumn()
  createdAt: Date;
}
