import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError, invalidField } from '../common/errors/domain-error';
import { cursorPage, idOf } from '../common/pagination';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { actorOf, type EventAction } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { holderId, holderTypeOf } from '../money/holder';
import { IdempotentRequests } from '../money/idempotent-requests';
import { holderRefOf } from '../money/transfer-request';
import { InvoiceParties } from './invoice-parties';
import type { InvoiceListQueryDto, IssueInvoiceDto } from './invoice.dto';
import { InvoiceEntity, type InvoiceStatus } from './invoice.entity';
import { type InvoiceJson, type InvoicePageJson, toInvoiceJson } from './invoice.presenter';
import { InvoicesRepository } from './invoices.repository';
import { NotPending } from './organisation.errors';

/** Issuing, cancelling, declining and listing invoices and fines (decisions §14); paying is `InvoicePayments`'. */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly invoices: InvoicesRepository,
    private readonly parties: InvoiceParties,
    private readonly requests: IdempotentRequests,
    private readonly events: DomainEvents,
  ) {}

  async issue(caller: Principal, idempotencyKey: string, dto: IssueInvoiceDto): Promise<InvoiceJson> {
    const from = holderRefOf(dto.from, 'from');
    const dueAt = dto.dueAt ? new Date(dto.dueAt) : null;
    if (dueAt && dueAt.getTime() <= Date.now()) throw invalidField('dueAt', 'dueAt must be in the future');
    if (from.type === 'wallet' && from.characterId === dto.to.characterId) throw invalidField('to', 'a character never bills itself');
    const manager = this.dataSource.manager;
    const fromUserId = await this.parties.assertMayIssue(manager, caller, dto.kind, from);
    const toUserId = await this.parties.billed(manager, dto.to.characterId);
    const now = new Date();
    const invoice: InvoiceEntity = {
      id: this.ids.next(),
      kind: dto.kind,
      fromType: holderTypeOf(from) as InvoiceEntity['fromType'],
      fromId: holderId(from)!,
      fromUserId,
      toCharacterId: dto.to.characterId,
      toUserId,
      amount: dto.amount,
      reason: dto.reason,
      status: 'pending',
      dueAt,
      issuedByType: caller.kind,
      issuedById: caller.id,
      paidAt: null,
      transferId: null,
      createdAt: now,
      updatedAt: now,
    };
    const answer = toInvoiceJson(invoice, now);
    const hash = sha256(['invoice', dto.kind, from, dto.to.characterId, dto.amount, dto.reason, dueAt?.toISOString() ?? null]);
    return this.requests.run(
      caller,
      idempotencyKey,
      hash,
      async (transaction) => {
        await transaction.insert(InvoiceEntity, invoice);
        await this.record(transaction, caller, 'invoice.issued', invoice, { kind: invoice.kind, from: answer.from, to: answer.to, amount: invoice.amount, reason: invoice.reason });
        return answer;
      },
      answer,
    );
  }

  /** The issuer side withdraws a pending invoice or fine. */
  cancel(caller: Principal, invoiceId: string): Promise<InvoiceJson> {
    return this.close(caller, invoiceId, 'cancelled', (manager, invoice) => this.parties.assertIssuerSide(manager, caller, invoice));
  }

  /** The billed side refuses a pending invoice; a fine cannot be declined (403). */
  decline(caller: Principal, invoiceId: string): Promise<InvoiceJson> {
    return this.close(caller, invoiceId, 'declined', async (_manager, invoice) => {
      this.parties.assertBilledSide(caller, invoice);
      if (invoice.kind === 'fine') throw new ForbiddenError();
    });
  }

  /** The billed owner sees theirs, the issuer side an organisation's, staff all. */
  async list(caller: Principal, query: InvoiceListQueryDto): Promise<InvoicePageJson> {
    const manager = this.dataSource.manager;
    const seesAll = this.parties.seesAll(caller);
    if (!seesAll && query.organisationId) await this.parties.assertMayReadIssued(manager, caller, query.organisationId);
    if (!seesAll && caller.kind !== 'user') throw new ForbiddenError();
    const visibleToUserId = seesAll || query.organisationId ? undefined : caller.id;
    const rows = await this.invoices.page(manager, {
      toCharacterId: query.characterId,
      organisationId: query.organisationId,
      status: query.status,
      kind: query.kind,
      visibleToUserId,
      before: query.cursor,
      limit: query.limit,
    });
    const { page, next } = cursorPage(rows, query.limit, idOf);
    const now = new Date();
    return { invoices: page.map((invoice) => toInvoiceJson(invoice, now)), nextCursor: next };
  }

  private close(
    caller: Principal,
    invoiceId: string,
    status: Extract<InvoiceStatus, 'cancelled' | 'declined'>,
    authorise: (manager: EntityManager, invoice: InvoiceEntity) => Promise<void>,
  ): Promise<InvoiceJson> {
    return this.tx.run(async (manager) => {
      const invoice = await this.invoices.lock(manager, invoiceId);
      await authorise(manager, invoice);
      if (invoice.status !== 'pending') throw new NotPending();
      await manager.update(InvoiceEntity, { id: invoiceId }, { status });
      await this.record(manager, caller, status === 'cancelled' ? 'invoice.cancelled' : 'invoice.declined', invoice, {});
      return toInvoiceJson(await this.invoices.require(manager, invoiceId));
    });
  }

  private async record(manager: EntityManager, caller: Principal, action: EventAction, invoice: InvoiceEntity, data: Record<string, unknown>) {
    await this.events.publish(manager, { action, actor: actorOf(caller), subject: { type: 'invoice', id: invoice.id }, data });
  }
}

export function sha256(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
