import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { type Holder, type HolderRef, holderId, lockOrder } from './holder';
import { HolderDirectory } from './holders';
import { IDEMPOTENCY_TTL_MS, IdempotencyRepository } from './idempotency.repository';
import { LedgerRepository } from './ledger.repository';
import { BalanceLimitExceeded, Frozen, IdempotencyKeyReused, InsufficientFunds } from './money.errors';
import { assertMayMove } from './money.policy';
import { type TransferJson, toTransferJson } from './money.presenter';
import { requestHash, type TransferRequest } from './transfer-request';
import type { TransferEntity } from './transfer.entity';

interface Side {
  holder: Holder;
  change: number;
  counterparty: HolderRef;
}

/** A key's row can vanish (expiry) between the conflict and the read: claim again, a few times. */
const CLAIM_ATTEMPTS = 3;

/** Money moving between wallets, accounts and the outside of the economy (decisions §8, §12). */
@Injectable()
export class TransfersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly holders: HolderDirectory,
    private readonly ledger: LedgerRepository,
    private readonly keys: IdempotencyRepository,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Holders are found and the caller's right checked first (404 before 403). Then one short
   * transaction claims the idempotency key with the answer (known in advance: ids and time are
   * made here), moves the money and writes the statement, so a key's answer exists exactly when
   * its money moved. A refused request rolls its claim back and leaves the key unused.
   */
  async transfer(caller: Principal, idempotencyKey: string, request: TransferRequest): Promise<TransferJson> {
    const key = { principalId: caller.id, key: idempotencyKey };
    const hash = requestHash(request);
    const manager = this.dataSource.manager;
    const from = await this.holders.forTransfer(manager, request.from);
    const to = await this.holders.forTransfer(manager, request.to);
    assertMayMove(caller, from, to);
    const sides = [
      { holder: from, change: -request.amount, counterparty: request.to },
      { holder: to, change: request.amount, counterparty: request.from },
    ].filter((side): side is Side => side.holder !== null);
    for (let attempt = 1; ; attempt++) {
      const transfer = this.newTransfer(caller, request);
      const answer = toTransferJson(transfer);
      try {
        await this.tx.run(async (transaction) => {
          await this.keys.claim(transaction, key, hash, JSON.stringify(answer));
          await this.move(transaction, caller, transfer, sides);
        });
        return answer;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CLAIM_ATTEMPTS) throw error;
        const earlier = await this.earlierAnswer(key, hash);
        if (earlier) return earlier;
      }
    }
  }

  /** The first answer under the key; undefined when the key is free again (expired or gone). */
  private async earlierAnswer(key: { principalId: string; key: string }, hash: string): Promise<TransferJson | undefined> {
    const stored = await this.keys.find(key);
    if (!stored) return undefined;
    const now = new Date();
    if (now.getTime() - stored.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
      await this.keys.deleteExpired(now, key);
      return undefined;
    }
    if (stored.requestHash !== hash) throw new IdempotencyKeyReused();
    return JSON.parse(stored.response) as TransferJson;
  }

  /** Balance rows are written in the one lock order, so concurrent transfers never deadlock. */
  private async move(manager: EntityManager, caller: Principal, transfer: TransferEntity, sides: Side[]): Promise<void> {
    const balanceAfter = new Map<Side, number>();
    for (const side of [...sides].sort((a, b) => lockOrder(a.holder, b.holder))) {
      const balance = await this.holders.changeBalance(manager, side.holder, side.change);
      // A freeze committed since the holder was read is seen here, inside the transfer's transaction.
      if (balance === 'frozen') throw new Frozen();
      if (balance === 'out_of_bounds') throw side.change < 0 ? new InsufficientFunds() : new BalanceLimitExceeded();
      balanceAfter.set(side, balance);
    }
    await this.ledger.insertTransfer(manager, transfer);
    await this.ledger.insertEntries(
      manager,
      sides.map((side) => ({
        id: this.ids.next(),
        holderType: side.holder.type,
        holderId: side.holder.id,
        transferId: transfer.id,
        amount: side.change,
        balanceAfter: balanceAfter.get(side)!,
        counterpartyType: side.counterparty.type,
        counterpartyId: holderId(side.counterparty),
        memo: transfer.memo,
        createdAt: transfer.createdAt,
      })),
    );
    await this.recordIfExternal(manager, caller, transfer);
  }

  /** Money entering or leaving the economy is audited; moves between holders are the statements' business. */
  private async recordIfExternal(manager: EntityManager, caller: Principal, transfer: TransferEntity): Promise<void> {
    if (transfer.fromType !== 'external' && transfer.toType !== 'external') return;
    const { from, to, amount, memo } = toTransferJson(transfer);
    await this.events.publish(manager, {
      action: 'transfer.external',
      actor: actorOf(caller),
      subject: { type: 'transfer', id: transfer.id },
      data: { from, to, amount, memo },
    });
  }

  private newTransfer(caller: Principal, request: TransferRequest): TransferEntity {
    return {
      id: this.ids.next(),
      fromType: request.from.type,
      fromId: holderId(request.from),
      toType: request.to.type,
      toId: holderId(request.to),
      amount: request.amount,
      memo: request.memo,
      actorType: caller.kind,
      actorId: caller.id,
      createdAt: new Date(),
    };
  }
}
