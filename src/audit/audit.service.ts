import { Injectable } from '@nestjs/common';
import type { Principal } from '../access/principal';
import { cursorPage, idOf } from '../common/pagination';
import type { AuditQueryDto } from './audit.dto';
import { auditScopeOf } from './audit.policy';
import { type AuditFilter, AuditRepository } from './audit.repository';
import { type AuditEventJson, type AuditPageJson, toAuditEventJson } from './audit.schema';

/** Reading the audit log (decisions §9): newest first, paged with `before`. */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async page(caller: Principal, query: AuditQueryDto): Promise<AuditPageJson> {
    const scope = auditScopeOf(caller);
    const filter: AuditFilter = { actorId: query.actorId, subjectId: query.subjectId, before: query.before, limit: query.limit + 1 };
    if (query.action?.endsWith('.*')) filter.actionPrefix = query.action.slice(0, -1);
    else filter.action = query.action;
    if (!scope.all) {
      // A narrower reader asking for other actions sees an empty list, not a 403 (decisions §12).
      const asked = filter.actionPrefix ?? filter.action;
      if (asked !== undefined && !asked.startsWith(scope.prefix)) return { events: [], nextBefore: null };
      if (asked === undefined) filter.actionPrefix = scope.prefix;
    }
    const { page, next } = cursorPage(await this.repository.page(filter), query.limit, idOf);
    return { events: page.map(toAuditEventJson), nextBefore: next };
  }

  /** The latest events about any of these subjects (a user, their characters and sanctions), newest first. */
  async latestAbout(subjectIds: string[], limit: number): Promise<AuditEventJson[]> {
    return (await this.repository.latestAbout(subjectIds, limit)).map(toAuditEventJson);
  }
}
