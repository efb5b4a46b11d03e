import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { IdGenerator } from '../database/id-generator';
import { actorOf } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { type Holder, type HolderRef, holderId, holderTypeOf, lockOrder } from './holder';
import { HolderDirectory } from './holders';
import { LedgerRepository } from './ledger.repository';
import { BalanceLimitExceeded, Frozen, InsufficientFunds } from './money.errors';
import { toTransferJson } from './money.presenter';
import type { StatementEntryEntity } from './statement-entry.entity';
import type { TransferEntity } from './transfer.entity';

/** A side of a posting: the holder as named, and as found (null for `external`). */
export interface Side {
  ref: HolderRef;
  holder: Holder | null;
}

/** Money leaving one holder for one or more others, each payment its own transfer. */
export interface Posting {
  from: Side;
  payments: (Side & { amount: number })[];
  memo: string | null;
}

interface BalanceChange {
  holder: Holder;
  change: number;
}

/**
 * The one writer of balances, transfers and statement entries, inside the caller's transaction.
 * The source is changed once by the total and each destination by its amount, every row in the
 * one lock order, so a payroll of hundreds costs one update of the treasury; the source's entries
 * still chain (`balanceAfter`) one transfer after the other.
 */
@Injectable()
export class Postings {
  constructor(
    private readonly ids: IdGenerator,
    private readonly holders: HolderDirectory,
    private readonly ledger: LedgerRepository,
    private readonly events: DomainEvents,
  ) {}

  /** The transfers a posting will write, made in advance so their answer is known before it is written. */
  transfersOf(caller: Principal, posting: Posting): TransferEntity[] {
    const createdAt = new Date();
    return posting.payments.map((payment) => ({
      id: this.ids.next(),
      fromType: holderTypeOf(posting.from.ref),
      fromId: holderId(posting.from.ref),
      toType: holderTypeOf(payment.ref),
      toId: holderId(payment.ref),
      amount: payment.amount,
      memo: posting.memo,
      actorType: caller.kind,
      actorId: caller.id,
      createdAt,
    }));
  }

  async post(manager: EntityManager, caller: Principal, posting: Posting, transfers: TransferEntity[]): Promise<void> {
    const total = posting.payments.reduce((sum, payment) => sum + payment.amount, 0);
    const source = posting.from.holder && { holder: posting.from.holder, change: -total };
    const credits = posting.payments.map((payment) => payment.holder && { holder: payment.holder, change: payment.amount });
    const changes = [source, ...credits].filter((change): change is BalanceChange => change !== null);
    const after = await this.applyInLockOrder(manager, changes);
    await this.ledger.insertTransfers(manager, transfers);
    let sourceBalance = source ? after.get(source)! + total : 0;
    const entries: StatementEntryEntity[] = [];
    transfers.forEach((transfer, index) => {
      const { amount, ref } = posting.payments[index];
      const credit = credits[index];
      if (source) entries.push(this.entry(transfer, source.holder, -amount, (sourceBalance -= amount), ref));
      if (credit) entries.push(this.entry(transfer, credit.holder, amount, after.get(credit)!, posting.from.ref));
    });
    await this.ledger.insertEntries(manager, entries);
    await this.recordExternal(manager, caller, transfers);
  }

  private async applyInLockOrder(manager: EntityManager, changes: BalanceChange[]): Promise<Map<BalanceChange, number>> {
    const after = new Map<BalanceChange, number>();
    for (const change of [...changes].sort((a, b) => lockOrder(a.holder, b.holder))) {
      const balance = await this.holdersChange(manager, change);
      after.set(change, balance);
    }
    return after;
  }

  private async holdersChange(manager: EntityManager, { holder, change }: BalanceChange): Promise<number> {
    const balance = await this.holders.changeBalance(manager, holder, change);
    // A freeze committed since the holder was read is seen here, inside the posting's transaction.
    if (balance === 'frozen') throw new Frozen();
    if (balance === 'out_of_bounds') throw change < 0 ? new InsufficientFunds() : new BalanceLimitExceeded();
    return balance;
  }

  private entry(transfer: TransferEntity, holder: Holder, amount: number, balanceAfter: number, counterparty: HolderRef): StatementEntryEntity {
    return {
      id: this.ids.next(),
      holderType: holder.type,
      holderId: holder.id,
      transferId: transfer.id,
      amount,
      balanceAfter,
      counterpartyType: holderTypeOf(counterparty),
      counterpartyId: holderId(counterparty),
      memo: transfer.memo,
      createdAt: transfer.createdAt,
    };
  }

  /** Money entering or leaving the economy is audited; moves between holders are the statements' business. */
  private async recordExternal(manager: EntityManager, caller: Principal, transfers: TransferEntity[]): Promise<void> {
    const external = transfers.filter((transfer) => transfer.fromType === 'external' || transfer.toType === 'external');
    await this.events.publishAll(
      manager,
      external.map((transfer) => {
        const { from, to, amount, memo } = toTransferJson(transfer);
        return { action: 'transfer.external', actor: actorOf(caller), subject: { type: 'transfer', id: transfer.id }, data: { from, to, amount, memo } };
      }),
    );
  }
}
