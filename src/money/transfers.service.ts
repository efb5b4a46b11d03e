import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '../access/principal';
import { HolderDirectory } from './holders';
import { IdempotentRequests } from './idempotent-requests';
import { assertMayMove } from './money.policy';
import { type TransferJson, toTransferJson } from './money.presenter';
import { Postings } from './postings';
import { requestHash, type TransferRequest } from './transfer-request';

/** Money moving between wallets, accounts, treasuries and the outside of the economy (decisions §8, §12, §14). */
@Injectable()
export class TransfersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly holders: HolderDirectory,
    private readonly postings: Postings,
    private readonly requests: IdempotentRequests,
  ) {}

  /**
   * Holders are found and the caller's right checked first (404 before 403). Then one short
   * transaction claims the idempotency key with the answer (known in advance: ids and time are
   * made here), moves the money and writes the statement.
   */
  async transfer(caller: Principal, idempotencyKey: string, request: TransferRequest): Promise<TransferJson> {
    const manager = this.dataSource.manager;
    const from = await this.holders.forTransfer(manager, request.from, caller);
    const to = await this.holders.forTransfer(manager, request.to, caller);
    assertMayMove(caller, from, to);
    const posting = { from: { ref: request.from, holder: from }, payments: [{ ref: request.to, holder: to, amount: request.amount }], memo: request.memo };
    const transfers = this.postings.transfersOf(caller, posting);
    const answer = toTransferJson(transfers[0]);
    return this.requests.run(caller, idempotencyKey, requestHash(request), (transaction) => this.postings.post(transaction, caller, posting, transfers).then(() => answer), answer);
  }
}
