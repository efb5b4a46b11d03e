import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Brackets } from 'typeorm';
import { EntityRows } from '../infrastructure/entity-rows';
import { TransactionRunner } from '../database/transaction-runner';
import { InvoiceEntity, type InvoiceKind, type InvoiceStatus } from './invoice.entity';
import { UnknownInvoice } from './organisation.errors';

export interface InvoiceFilter {
  toCharacterId?: string;
  organisationId?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  /** Only what this user was billed or issued from their own wallets. */
  visibleToUserId?: string;
  before?: string;
  limit: number;
}

/** Invoices and fines; never deleted. */
@Injectable()
export class InvoicesRepository {
  constructor(private readonly tx: TransactionRunner) {}

  /** Read by every payment before its transaction: hand-written SQL (see EntityRows). */
  async require(manager: EntityManager, id: string): Promise<InvoiceEntity> {
    const [invoice] = await EntityRows.of(manager.connection, InvoiceEntity).findBy(manager, 'id', id);
    if (!invoice) throw new UnknownInvoice();
    return invoice;
  }

  /** Locked until the transaction ends: payments, cancels and declines of one invoice queue here. */
  async lock(manager: EntityManager, id: string): Promise<InvoiceEntity> {
    const invoice = await this.tx.lockForUpdate(manager.createQueryBuilder(InvoiceEntity, 'invoice').where('invoice.id = :id', { id })).getOne();
    if (!invoice) throw new UnknownInvoice();
    return invoice;
  }

  /**
   * Pending to paid in one conditional UPDATE: it waits for a concurrent payment, cancel or
   * decline of the invoice and then sees its outcome, so only one of them changes a pending
   * invoice. False when the invoice was no longer pending.
   */
  async markPaid(manager: EntityManager, id: string, paid: Pick<InvoiceEntity, 'paidAt' | 'transferId'>): Promise<boolean> {
    const result = await manager.update(InvoiceEntity, { id, status: 'pending' }, { status: 'paid', ...paid });
    return (result.affected ?? 0) === 1;
  }

  /** Newest first, `limit + 1` rows so the caller knows whether another page follows. */
  page(manager: EntityManager, filter: InvoiceFilter): Promise<InvoiceEntity[]> {
    const query = manager.createQueryBuilder(InvoiceEntity, 'invoice');
    if (filter.toCharacterId) query.andWhere('invoice.toCharacterId = :to', { to: filter.toCharacterId });
    if (filter.organisationId) query.andWhere("invoice.fromType = 'treasury' AND invoice.fromId = :org", { org: filter.organisationId });
    if (filter.status) query.andWhere('invoice.status = :status', { status: filter.status });
    if (filter.kind) query.andWhere('invoice.kind = :kind', { kind: filter.kind });
    if (filter.before) query.andWhere('invoice.id < :before', { before: filter.before });
    if (filter.visibleToUserId) {
      const user = { user: filter.visibleToUserId };
      query.andWhere(new Brackets((either) => either.where('invoice.toUserId = :user', user).orWhere('invoice.fromUserId = :user', user)));
    }
    return query.orderBy('invoice.id', 'DESC').take(filter.limit + 1).getMany();
  }
}
