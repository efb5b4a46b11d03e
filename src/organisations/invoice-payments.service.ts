import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { invalidField } from '../common/errors/domain-error';
import { actorOf } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { type Holder, type HolderRef, holderRef, treasuryHolder, walletHolder } from '../money/holder';
import { HolderDirectory } from '../money/holders';
import { IdempotentRequests } from '../money/idempotent-requests';
import { type Posting, Postings } from '../money/postings';
import type { TransferEntity } from '../money/transfer.entity';
import { holderRefOf } from '../money/transfer-request';
import type { PayInvoiceDto } from './invoice.dto';
import type { InvoiceEntity } from './invoice.entity';
import { InvoiceParties } from './invoice-parties';
import { type InvoiceJson, toInvoiceJson } from './invoice.presenter';
import { InvoicesRepository } from './invoices.repository';
import { sha256 } from './invoices.service';
import { NotPending } from './organisation.errors';

/** Paying an invoice or a fine: exactly its amount, to its issuer, once (decisions §14). */
@Injectable()
export class InvoicePayments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesRepository,
    private readonly parties: InvoiceParties,
    private readonly holders: HolderDirectory,
    private readonly postings: Postings,
    private readonly requests: IdempotentRequests,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The invoice is read first; both holders follow from it (an organisation or a wallet is never
   * deleted; a freeze is seen by its balance update), only an account is read. Then one
   * transaction claims the key, marks the invoice paid only while it is still pending, and moves
   * the money: of concurrent payments one pays, the others answer 409 `Not Pending` and leave
   * their keys unused.
   */
  async pay(caller: Principal, invoiceId: string, idempotencyKey: string, dto: PayInvoiceDto): Promise<InvoiceJson> {
    const manager = this.dataSource.manager;
    const invoice = await this.invoices.require(manager, invoiceId);
    this.parties.assertBilledSide(caller, invoice);
    const from = holderRefOf(dto.from, 'from');
    const payer = await this.payer(manager, caller, invoice, from);
    const to = holderRef(invoice.fromType, invoice.fromId);
    const payment = { ref: to, holder: issuerHolder(invoice), amount: invoice.amount };
    const posting = { from: { ref: from, holder: payer }, payments: [payment], memo: invoice.reason };
    const [transfer] = this.postings.transfersOf(caller, posting);
    // Known in advance: the invoice's fields never change but its state, which only this payment sets.
    const answer = toInvoiceJson({ ...invoice, status: 'paid', paidAt: transfer.createdAt, transferId: transfer.id });
    const hash = sha256(['pay', invoiceId, from]);
    return this.requests.run(caller, idempotencyKey, hash, (transaction) => this.payPending(transaction, caller, invoice, posting, transfer).then(() => answer), answer);
  }

  /**
   * The billed character's wallet follows from the invoice (approved characters have one; a
   * freeze is seen by its balance update); one of its accounts is read.
   */
  private async payer(manager: EntityManager, caller: Principal, invoice: InvoiceEntity, from: HolderRef): Promise<Holder> {
    if (from.type === 'wallet' && from.characterId === invoice.toCharacterId) return walletHolder(invoice.toCharacterId, invoice.toUserId);
    const account = from.type === 'account' ? await this.holders.forTransfer(manager, from, caller) : null;
    if (account?.characterId !== invoice.toCharacterId) throw invalidField('from', "from is the billed character's wallet or one of its accounts");
    return account;
  }

  private async payPending(manager: EntityManager, caller: Principal, invoice: InvoiceEntity, posting: Posting, transfer: TransferEntity): Promise<void> {
    if (!(await this.invoices.markPaid(manager, invoice.id, { paidAt: transfer.createdAt, transferId: transfer.id }))) throw new NotPending();
    await this.events.publish(manager, {
      action: 'invoice.paid',
      actor: actorOf(caller),
      subject: { type: 'invoice', id: invoice.id },
      data: { amount: invoice.amount, from: posting.from.ref, transferId: transfer.id },
    });
    // Last: an issuer's treasury is a row many payments share, held from here to the commit.
    await this.postings.post(manager, caller, posting, [transfer]);
  }
}

/** Where an invoice's money goes: its issuer's treasury, or the issuing wallet of `fromUserId`'s character. */
function issuerHolder(invoice: InvoiceEntity): Holder {
  return invoice.fromType === 'treasury' ? treasuryHolder(invoice.fromId) : walletHolder(invoice.fromId, invoice.fromUserId!);
}
