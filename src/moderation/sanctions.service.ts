import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
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
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly events: DomainEvents,
  ) {}

  async issue(issuer: Principal, userId: string, dto: IssueSanctionDto): Promise<SanctionJson> {
    const expiresAt = futureInstant(dto.expiresAt);
    assertMaySanction(issuer, await this.target(userId));
    // A ban ends the user's sessions once this commits: the auth module reacts to `sanction.issued`.
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
      await this.events.publish(manager, { action: 'sanction.issued', actor: actorOf(issuer), subject: { type: 'sanction', id: issued.id }, data });
      return issued;
    });
    return toSanctionJson(sanction);
  }

  async revoke(caller: Principal, sanctionId: string, reason: string): Promise<SanctionJson> {
    const found = await this.sanctions.findById(sanctionId);
    if (!found) throw new UnknownSanction();
    assertMaySanction(caller, await this.target(found.userId));
    const revoked = await this.tx.run(async (manager) => {
      if (!(await this.sanctions.revoke(manager, sanctionId, caller.id, reason))) throw new SanctionAlreadyRevoked();
      const data = { userId: found.userId, type: found.type, reason };
      await this.events.publish(manager, { action: 'sanction.revoked', actor: actorOf(caller), subject: { type: 'sanction', id: sanctionId }, data });
      return (await this.sanctions.locked(manager, sanctionId))!;
    });
    return toSanctionJson(revoked);
  }

  async list(caller: Principal, userId: string): Promise<{ sanctions: SanctionJson[] }> {
    assertMayReadSanctions(caller, userId);
    await this.users.require(userId);
    return { sanctions: (await this.sanctions.listOfUsers([userId])).map(toSanctionJson) };
  }

  /** The user to sanction, with the permissions every rule counts (effective ones). */
  private async target(userId: string): Promise<{ id: string; permissions: number }> {
    const user = await this.users.require(userId);
    return { id: user.id, permissions: this.users.permissionsOf(user) };
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
