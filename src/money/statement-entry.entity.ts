import { Column, Entity, ForeignKey, Index } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';
import type { HolderType } from './holder';

/** One side of a transfer as its wallet or account sees it: a signed amount and the balance after. */
@Entity({ name: 'statement_entries' })
@Index('IDX_statement_entries_holder', ['holderType', 'holderId', 'id'])
export class StatementEntryEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 8 })
  holderType: Exclude<HolderType, 'external'>;

  @SnowflakeColumn()
  holderId: string;

  @ForeignKey('transfers', { name: 'statement_entries_transferId_fkey' })
  @SnowflakeColumn()
  transferId: string;

  @MoneyColumn()
  amount: number;

  @MoneyColumn()
  balanceAfter: number;

  @Column({ type: 'varchar', length: 8 })
  counterpartyType: HolderType;

  @SnowflakeColumn({ nullable: true })
  counterpartyId: string | null;

  @Column({ type: 'varchar', length: 140, nullable: true })
  memo: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}
