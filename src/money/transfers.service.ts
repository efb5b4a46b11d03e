import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { type Holder, holderId, lockOrder } from './holder';
import { HolderDirectory } from './holders';
import { IDEMPOTENCY_TTL_MS, IdempotencyRepository } from './idempotency.repository';
import { LedgerRepository } from './ledger.repository';
import { BalanceLimitExceeded, IdempotencyKeyReused, InsufficientFunds } from './money.errors';
import { assertMayMove } from './money.policy';
import { type TransferJson, toTransferJson } from './money.presenter';
import { requestHash, type TransferRequest } from './transfer-request';
import type { TransferEntity } from './transfer.entity';

/** A key's row can vanish (expiry) between the conflict and the read: claim again, a few times. */
const CLAIM_ATTEMPTS = 3;

/** Money moving between wallets, accounts and the outside of the economy (decisions §8, §12). */
@Injectable()
export class TransfersService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly holders: HolderDirectory,
    private readonly ledger: LedgerRepository,
    private readonly keys: IdempotencyRepository,
  ) {}

  /**
   * One transaction claims the idempotency key, moves the money and stores the answer, so a
   * key's answer exists exactly when its money moved. A refused request rolls its claim back
   * and leaves the key unused.
   */
  async transfer(caller: SessionUser, idempotencyKey: string, request: TransferRequest): Promise<TransferJson> {
    const key = { principalId: caller.id, key: idempotencyKey };
    const hash = requestHash(request);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tx.run(async (manager) => {
          await this.keys.claim(manager, key, hash);
          const answer = await this.move(manager, caller, request);
          await this.keys.complete(manager, key, JSON.stringify(answer));
          return answer;
        });
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
    if (!stored?.response) return undefined;
    const now = new Date();
    if (now.getTime() - stored.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
      await this.keys.deleteExpired(now, key);
      return undefined;
    }
    if (stored.requestHash !== hash) throw new IdempotencyKeyReused();
    return JSON.parse(stored.response) as TransferJson;
  }

  /** Unknown holders are 404 before any 403; balance rows are written in the one lock order. */
  private async move(manager: EntityManager, caller: SessionUser, request: TransferRequest): Promise<TransferJson> {
    const from = await this.holders.forTransfer(manager, request.from);
    const to = await this.holders.forTransfer(manager, request.to);
    assertMayMove(caller, from, to);
    const sides = [
      { holder: from, change: -request.amount },
      { holder: to, change: request.amount },
    ].filter((side): side is { holder: Holder; change: number } => side.holder !== null);
    const balanceAfter = new Map<Holder, number>();
    for (const { holder, change } of sides.sort((a, b) => lockOrder(a.holder, b.holder))) {
      const balance = await this.ledger.changeBalance(manager, holder, change);
      if (balance === null) throw change < 0 ? new InsufficientFunds() : new BalanceLimitExceeded();
      balanceAfter.set(holder, balance);
    }
    const transfer = await this.record(manager, caller, request);
    for (const { holder, change } of sides) {
      const counterparty = holder === from ? request.to : request.from;
      await this.ledger.insertEntry(manager, {
        id: this.ids.next(),
        holderType: holder.type,
        holderId: holder.id,
        transferId: transfer.id,
        amount: change,
        balanceAfter: balanceAfter.get(holder)!,
        counterpartyType: counterparty.type,
        counterpartyId: holderId(counterparty),
        memo: request.memo,
        createdAt: transfer.createdAt,
      });
    }
    // audit: when from or to is external, `transfer.external` (subject {type: 'transfer', id}) goes here.
    return toTransferJson(transfer);
  }

  private async record(manager: EntityManager, caller: SessionUser, request: TransferRequest): Promise<TransferEntity> {
    const transfer: TransferEntity = {
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
    await this.ledger.insertTransfer(manager, transfer);
    return transfer;
  }
}
