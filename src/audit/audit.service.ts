import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../auth/session-user';
import { cursorPage } from '../common/pagination';
import type { AuditQueryDto } from './audit.dto';
import { auditScopeOf } from './audit.policy';
import { type AuditFilter, AuditRepository } from './audit.repository';
import { type AuditPageBody, toAuditEventJson } from './audit.schema';

/** Reading the audit log (decisions §9): newest first, paged with `before`. */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async page(caller: SessionUser, query: AuditQueryDto): Promise<AuditPageBody> {
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
    const { page, nextBefore } = cursorPage(await this.repository.page(filter), query.limit);
    return { events: page.map(toAuditEventJson), nextBefore };
  }
}
