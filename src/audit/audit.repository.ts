import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditEventEntity } from './audit-event.entity';

export interface AuditFilter {
  /** Exact actions, or `prefix.` for every action under it. */
  action?: string;
  actionPrefix?: string;
  actorId?: string;
  subjectId?: string;
  before?: string;
  limit: number;
}

/** The one way to the `audit_events` table. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Complete rows, written as they are: nothing is read back (every money request writes one). */
  async insert(manager: EntityManager, events: AuditEventEntity[]): Promise<void> {
    await manager.createQueryBuilder().insert().into(AuditEventEntity).values(events).updateEntity(false).execute();
  }

  /** The latest events whose subject is any of these ids, newest first. */
  latestAbout(subjectIds: string[], limit: number): Promise<AuditEventEntity[]> {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.dataSource.manager.find(AuditEventEntity, { where: { subjectId: In(subjectIds) }, order: { id: 'DESC' }, take: limit });
  }

  /** Newest first; ids are Snowflakes, so id order is time order. */
  page(filter: AuditFilter): Promise<AuditEventEntity[]> {
    const query = this.dataSource.manager.createQueryBuilder(AuditEventEntity, 'e').orderBy('e.id', 'DESC').limit(filter.limit);
    if (filter.action !== undefined) query.andWhere('e.action = :action', { action: filter.action });
    if (filter.actionPrefix !== undefined) {
      query.andWhere('substr(e.action, 1, :prefixLength) = :prefix', {
        prefix: filter.actionPrefix,
        prefixLength: filter.actionPrefix.length,
      });
    }
    if (filter.actorId !== undefined) query.andWhere('e.actorId = :actorId', { actorId: filter.actorId });
    if (filter.subjectId !== undefined) query.andWhere('e.subjectId = :subjectId', { subjectId: filter.subjectId });
    if (filter.before !== undefined) query.andWhere('e.id < :before', { before: filter.before });
    return query.getMany();
  }
}
