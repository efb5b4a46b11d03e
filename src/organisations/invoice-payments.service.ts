import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { invalidField } from '../common/errors/domain-error';
import { actorOf } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { type Holder, type HolderRef, holderRef } from '../money/holder';
import { HolderDirectory } from '../money/holders';
import { IdempotentRequests } from '../money/idempotent-requests';
import { Postings } from '../money/postings';
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
    const payee = (await this.holders.forTransfer(manager, to, caller))!;
    const hash = sha256(['pay', invoiceId, from]);
    return this.requests.run(caller, idempotencyKey, hash, (transaction) => this.payPending(transaction, caller, invoiceId, { from, payer, to, payee }));
  }

  private async payPending(
    manager: EntityManager,
    caller: Principal,
    invoiceId: string,
    sides: { from: HolderRef; payer: Holder; to: HolderRef; payee: Holder },
  ): Promise<InvoiceJson> {
    const invoice = await this.invoices.lock(manager, invoiceId);
    if (invoice.status !== 'pending') throw new NotPending();
    const posting = {
      from: { ref: sides.from, holder: sides.payer },
      payments: [{ ref: sides.to, holder: sides.payee, amount: invoice.amount }],
      memo: invoice.reason,
    };
    const [transfer] = this.postings.transfersOf(caller, posting);
    await this.postings.post(manager, caller, posting, [transfer]);
    const paid = { status: 'paid' as const, paidAt: transfer.createdAt, transferId: transfer.id };
    await manager.update(InvoiceEntity, { id: invoiceId }, paid);
    await this.events.publish(manager, {
      action: 'invoice.paid',
      actor: actorOf(caller),
      subject: { type: 'invoice', id: invoiceId },
      data: { amount: invoice.amount, from: sides.from, transferId: transfer.id },
    });
    return toInvoiceJson({ ...invoice, ...paid });
  }
}
