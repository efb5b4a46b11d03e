import { ApiProperty } from '@nestjs/swagger';
import { type HolderRef, holderRef } from '../money/holder';
import { HolderRefDto } from '../money/transfer.dto';
import { AuditActorJson } from '../audit/audit.schema';
import type { EventActor } from '../events/domain-event';
import { BilledDto } from './invoice.dto';
import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceEntity, type InvoiceKind, type InvoiceStatus } from './invoice.entity';

/** An invoice or a fine (decisions §14). */
export class InvoiceJson {
  @ApiProperty() invoiceId: string;
  @ApiProperty({ enum: INVOICE_KINDS }) kind: InvoiceKind;
  @ApiProperty({ type: HolderRefDto, description: "The issuer's holder, where the payment goes" }) from: HolderRef;
  @ApiProperty({ type: BilledDto }) to: { characterId: string };
  @ApiProperty() amount: number;
  @ApiProperty() reason: string;
  @ApiProperty({ enum: INVOICE_STATUSES }) status: InvoiceStatus;
  @ApiProperty({ type: String, nullable: true }) dueAt: string | null;
  @ApiProperty({ description: 'Pending and past `dueAt`' }) overdue: boolean;
  @ApiProperty({ type: AuditActorJson, description: 'Who issued it: a user or a service key' }) issuedBy: EventActor;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The payment' }) transferId: string | null;
}

export class InvoicePageJson {
  @ApiProperty({ type: [InvoiceJson], description: 'Newest first' }) invoices: InvoiceJson[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' }) nextCursor: string | null;
}

export function toInvoiceJson(invoice: InvoiceEntity, now = new Date()): InvoiceJson {
  return {
    invoiceId: invoice.id,
    kind: invoice.kind,
    from: holderRef(invoice.fromType, invoice.fromId),
    to: { characterId: invoice.toCharacterId },
    amount: invoice.amount,
    reason: invoice.reason,
    status: invoice.status,
    dueAt: invoice.dueAt?.toISOString() ?? null,
    overdue: invoice.status === 'pending' && invoice.dueAt !== null && invoice.dueAt < now,
    issuedBy: { type: invoice.issuedByType, id: invoice.issuedById },
    createdAt: invoice.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    transferId: invoice.transferId,
  };
}
