import { Check, Column, Entity } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakeColumn, SnowflakePrimaryColumn } from '../database/columns';
import type { HolderType } from './holder';

/** One movement of money between two holders (or the outside of the economy, `external`). */
@Entity({ name: 'transfers' })
@Check('transfers_amount_check', '"amount" > 0')
export class TransferEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @Column({ type: 'varchar', length: 8 })
  fromType: HolderType;

  @SnowflakeColumn({ nullable: true })
  fromId: string | null;

  @Column({ type: 'varchar', length: 8 })
  toType: HolderType;

  @SnowflakeColumn({ nullable: true })
  toId: string | null;

  @MoneyColumn()
  amount: number;

  @Column({ type: 'varchar', length: 140, nullable: true })
  memo: string | null;

  @Column({ type: 'varchar', length: 16 })
  actorType: 'user' | 'service_key';

  @SnowflakeColumn()
  actorId: string;

  @CreatedAtColumn()
  createdAt: Date;
}
