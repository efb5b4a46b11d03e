import { Check, Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakeColumn, SnowflakePrimaryColumn, TimestampColumn, UpdatedAtColumn } from '../database/columns';

export const INVOICE_KINDS = ['invoice', 'fine'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled', 'declined'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice or a fine; its amount is fixed when issued, and it is never deleted (decisions §14). */
@Entity({ name: 'invoices' })
@Index('IDX_invoices_billed', ['toCharacterId', 'id'])
@Index('IDX_invoices_billed_user', ['toUserId', 'id'])
@Index('IDX_invoices_issuer', ['fromType', 'fromId', 'id'])
@Check('CHK_invoices_amount', '"amount" > 0')
export class InvoiceEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 8 })
  kind: InvoiceKind;

  /** `wallet` (a character's) or `treasury` (an organisation's), as money stores holder types. */
  @Column({ type: 'varchar', length: 8 })
  fromType: 'wallet' | 'treasury';

  @SnowflakeColumn()
  fromId: string;

  /** The owner of the issuing wallet's character; null for a treasury. */
  @SnowflakeColumn({ nullable: true })
  fromUserId: string | null;

  @ForeignKey('characters', { name: 'invoices_toCharacterId_fkey' })
  @SnowflakeColumn()
  toCharacterId: string;

  /** The billed character's owner, who pays or declines. */
  @SnowflakeColumn()
  toUserId: string;

  @MoneyColumn()
  amount: number;

  @Column({ type: 'varchar', length: 140 })
  reason: string;

  @Column({ type: 'varchar', length: 16 })
  status: InvoiceStatus;

  @TimestampColumn({ nullable: true })
  dueAt: Date | null;

  @Column({ type: 'varchar', length: 16 })
  issuedByType: 'user' | 'service_key';

  @SnowflakeColumn()
  issuedById: string;

  @TimestampColumn({ nullable: true })
  paidAt: Date | null;

  @SnowflakeColumn({ nullable: true })
  transferId: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
