import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { IdGenerator } from '../database/id-generator';
import { actorOf } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { walletHolder } from '../money/holder';
import { HolderDirectory } from '../money/holders';
import { IdempotentRequests } from '../money/idempotent-requests';
import { InsufficientFunds } from '../money/money.errors';
import { type Posting, Postings } from '../money/postings';
import type { TransferEntity } from '../money/transfer.entity';
import { OrganisationActors } from './organisation-actors';
import { PayrollNotCovered } from './organisation.errors';
import { OrganisationsRepository } from './organisations.repository';
import { PayrollRunEntity } from './payroll-run.entity';

export class PaidMemberJson {
  @ApiProperty() characterId: string;
  @ApiProperty() amount: number;
  @ApiProperty() transferId: string;
}

export class PayrollJson {
  @ApiProperty() payrollId: string;
  @ApiProperty({ type: [PaidMemberJson], description: 'Every member whose grade has a salary above 0' }) paid: PaidMemberJson[];
  @ApiProperty() total: number;
}

/** Salaries from the treasury to the members' wallets, all in one transaction or none (decisions §14). */
@Injectable()
export class PayrollService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ids: IdGenerator,
    private readonly organisations: OrganisationsRepository,
    private readonly actors: OrganisationActors,
    private readonly holders: HolderDirectory,
    private readonly postings: Postings,
    private readonly requests: IdempotentRequests,
    private readonly events: DomainEvents,
  ) {}

  /** A boss, `ADMINISTRATOR` or a key holding `SERVICE_ADMINISTRATOR`; the same key replays the answer. */
  async pay(caller: Principal, organisationId: string, idempotencyKey: string): Promise<PayrollJson> {
    const manager = this.dataSource.manager;
    await this.organisations.require(manager, organisationId);
    const acting = await this.actors.of(manager, caller, organisationId, await this.organisations.grades(manager, organisationId));
    acting.require(acting.everything || acting.isBoss);
    const hash = createHash('sha256').update(JSON.stringify(['payroll', organisationId])).digest('hex');
    return this.requests.run(caller, idempotencyKey, hash, (transaction) => this.payInside(transaction, caller, organisationId));
  }

  /** The organisation's row is the treasury's: locked first, it also holds hires and grade changes back until the payroll ends. */
  private async payInside(manager: EntityManager, caller: Principal, organisationId: string): Promise<PayrollJson> {
    await this.organisations.lock(manager, organisationId);
    const grades = await this.organisations.grades(manager, organisationId);
    const members = (await this.organisations.members(manager, organisationId)).filter((member) => grades[member.grade].salary > 0);
    const treasury = { type: 'organisation', organisationId } as const;
    const posting = {
      from: { ref: treasury, holder: await this.holders.forTransfer(manager, treasury, caller) },
      payments: members.map((member) => ({
        ref: { type: 'wallet', characterId: member.characterId } as const,
        holder: walletHolder(member.characterId, member.userId),
        amount: grades[member.grade].salary,
      })),
      memo: 'Nómina',
    };
    const transfers = this.postings.transfersOf(caller, posting);
    const total = posting.payments.reduce((sum, payment) => sum + payment.amount, 0);
    if (transfers.length > 0) await this.postCovered(manager, caller, posting, transfers, total);
    const run = { id: this.ids.next(), organisationId, total, paidCount: transfers.length, actorType: caller.kind, actorId: caller.id };
    await manager.insert(PayrollRunEntity, run);
    await this.events.publish(manager, {
      action: 'organisation.payroll_paid',
      actor: actorOf(caller),
      subject: { type: 'organisation', id: organisationId },
      data: { payrollId: run.id, total, paidCount: run.paidCount },
    });
    const paid = transfers.map((transfer, index) => ({ characterId: members[index].characterId, amount: transfer.amount, transferId: transfer.id }));
    return { payrollId: run.id, paid, total };
  }

  private async postCovered(manager: EntityManager, caller: Principal, posting: Posting, transfers: TransferEntity[], total: number): Promise<void> {
    try {
      await this.postings.post(manager, caller, posting, transfers);
    } catch (error) {
      throw error instanceof InsufficientFunds ? new PayrollNotCovered(total) : error;
    }
  }
}
