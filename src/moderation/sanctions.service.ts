import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.service';
import { actorOf } from '../audit/audit.types';
import { SessionsService } from '../auth/sessions.service';
import type { SessionUser } from '../auth/session-user';
import { invalidField } from '../common/errors/domain-error';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRecords } from '../users/user-records.service';
import type { IssueSanctionDto } from './moderation.dto';
import { UnknownSanction, SanctionAlreadyRevoked } from './moderation.errors';
import { assertMayReadSanctions, assertMaySanction } from './moderation.policy';
import { type SanctionJson, toSanctionJson } from './moderation.presenter';
import { SanctionsRepository } from './sanctions.repository';

/** Issuing, revoking and listing sanctions (decisions §11–12). */
@Injectable()
export class SanctionsService {
  constructor(
    private readonly sanctions: SanctionsRepository,
    private readonly users: UserRecords,
    private readonly sessions: SessionsService,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly audit: AuditLog,
  ) {}

  async issue(issuer: SessionUser, userId: string, dto: IssueSanctionDto): Promise<SanctionJson> {
    const expiresAt = futureInstant(dto.expiresAt);
    const target = await this.users.require(userId);
    assertMaySanction(issuer, target);
    const sanction = await this.tx.run(async (manager) => {
      const issued = await this.sanctions.insert(manager, {
        id: this.ids.next(),
        userId,
        type: dto.type,
        reason: dto.reason,
        issuedBy: issuer.id,
        expiresAt,
      });
      const data = { userId, type: issued.type, reason: issued.reason, expiresAt: expiresAt?.toISOString() ?? null };
      await this.audit.record(manager, { action: 'sanction.issued', actor: actorOf(issuer), subject: { type: 'sanction', id: issued.id }, data });
      return issued;
    });
    // After the commit: a sign-in that checked for a ban just before it has issued its session by
    // now, so this sweep ends it too (the callback checks again after issuing; see OAuthService).
    if (sanction.type === 'ban') await this.sessions.revokeAllOfUser(userId);
    return toSanctionJson(sanction);
  }

  async revoke(caller: SessionUser, sanctionId: string, reason: string): Promise<SanctionJson> {
    const found = await this.sanctions.findById(sanctionId);
    if (!found) throw new UnknownSanction();
    assertMaySanction(caller, await this.users.require(found.userId));
    const revoked = await this.tx.run(async (manager) => {
      if (!(await this.sanctions.revoke(manager, sanctionId, caller.id, reason))) throw new SanctionAlreadyRevoked();
      const data = { userId: found.userId, type: found.type, reason };
      await this.audit.record(manager, { action: 'sanction.revoked', actor: actorOf(caller), subject: { type: 'sanction', id: sanctionId }, data });
      return (await this.sanctions.locked(manager, sanctionId))!;
    });
    return toSanctionJson(revoked);
  }

  async list(caller: SessionUser, userId: string): Promise<{ sanctions: SanctionJson[] }> {
    assertMayReadSanctions(caller, userId);
    await this.users.require(userId);
    return { sanctions: (await this.sanctions.listOfUsers([userId])).map(toSanctionJson) };
  }
}

/** `expiresAt` as a Date in the future, or null (permanent); anything else is a 400 on that field. */
function futureInstant(value: string | null): Date | null {
  if (value === null) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw invalidField('expiresAt', 'expiresAt must be an ISO 8601 instant');
  if (instant.getTime() <= Date.now()) throw invalidField('expiresAt', 'expiresAt must be in the future');
  return instant;
}
