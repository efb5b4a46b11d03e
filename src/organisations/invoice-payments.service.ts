import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { invalidField } from '../common/errors/domain-error';
import { actorOf } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { holderRef } from '../money/holder';
import { HolderDirectory } from '../money/holders';
import { IdempotentRequests } from '../money/idempotent-requests';
import { type Posting, Postings } from '../money/postings';
import type { TransferEntity } from '../money/transfer.entity';
import { holderRefOf } from '../money/transfer-request';
import type { PayInvoiceDto } from './invoice.dto';
import { InvoiceEntity } from './invoice.entity';
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
   * The payer and holders are checked first; then one transaction claims the key, locks the
   * invoice, and moves the money only while it is still pending: of concurrent payments one pays,
   * the others answer 409 `Not Pending` and leave their keys unused.
   */
  async pay(caller: Principal, invoiceId: string, idempotencyKey: string, dto: PayInvoiceDto): Promise<InvoiceJson> {
    const manager = this.dataSource.manager;
    const invoice = await this.invoices.require(manager, invoiceId);
    this.parties.assertBilledSide(caller, invoice);
    const from = holderRefOf(dto.from, 'from');
    if (from.type !== 'wallet' && from.type !== 'account') throw invalidField('from', "from is the billed character's wallet or one of its accounts");
    const payer = (await this.holders.forTransfer(manager, from, caller))!;
    if (payer.characterId !== invoice.toCharacterId) throw invalidField('from', "from is the billed character's wallet or one of its accounts");
    const to = holderRef(invoice.fromType, invoice.fromId);
    const payee = (await this.holders.forTransfer(manager, to))!;
    const posting = { from: { ref: from, holder: payer }, payments: [{ ref: to, holder: payee, amount: invoice.amount }], memo: invoice.reason };
    const [transfer] = this.postings.transfersOf(caller, posting);
    // Known in advance: the invoice's fields never change but its state, which only this payment sets.
    const answer = toInvoiceJson({ ...invoice, status: 'paid', paidAt: transfer.createdAt, transferId: transfer.id });
    const hash = sha256(['pay', invoiceId, from]);
    return this.requests.run(caller, idempotencyKey, hash, (transaction) => this.payPending(transaction, caller, invoiceId, posting, transfer).then(() => answer), answer);
  }

  private async payPending(manager: EntityManager, caller: Principal, invoiceId: string, posting: Posting, transfer: TransferEntity): Promise<void> {
    const invoice = await this.invoices.lock(manager, invoiceId);
    if (invoice.status !== 'pending') throw new NotPending();
    await manager.update(InvoiceEntity, { id: invoiceId }, { status: 'paid', paidAt: transfer.createdAt, transferId: transfer.id });
    await this.events.publish(manager, {
      action: 'invoice.paid',
      actor: actorOf(caller),
      subject: { type: 'invoice', id: invoiceId },
      data: { amount: invoice.amount, from: posting.from.ref, transferId: transfer.id },
    });
    // Last: an issuer's treasury is a row many payments share, held from here to the commit.
    await this.postings.post(manager, caller, posting, [transfer]);
  }
}
