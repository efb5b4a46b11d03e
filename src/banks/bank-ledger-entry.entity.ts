import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';

export type LedgerReason = 'created' | 'adjusted' | 'set';

/** One change of a bank's capital, written in the same transaction as the change. */
@Entity({ name: 'bank_ledger' })
@Index('IDX_bank_ledger_bank', ['bankId', 'id'])
export class BankLedgerEntryEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('banks', { name: 'bank_ledger_bankId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  bankId: string;

  /** The user who made the change; null when it was made outside a request (CLI). */
  @ForeignKey('users', { name: 'bank_ledger_actorUserId_fkey', onDelete: 'SET NULL' })
  @SnowflakeColumn({ nullable: true })
  actorUserId: string | null;

  @MoneyColumn()
  change: number;

  @MoneyColumn()
  capitalAfter: number;

  @Column({ type: 'varchar', length: 16 })
  reason: LedgerReason;

  @CreatedAtColumn()
  createdAt: Date;
}
