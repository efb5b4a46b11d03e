import { Check, Column, Entity, ForeignKey, Index } from 'typeorm';
import {
  CreatedAtColumn,
  MoneyColumn,
  SnowflakeColumn,
  SnowflakePrimaryColumn,
  UpdatedAtColumn,
} from '../database/columns';

@Entity({ name: 'banks' })
@Index('IDX_banks_owner', ['ownerId'])
@Index('IDX_banks_created', ['createdAt', 'id'])
@Check('banks_capital_check', '"capital" >= 0 AND "capital" <= 9007199254740991')
export class BankEntity {
  @SnowflakePrimaryColumn()
  id: string;

  /** The owning character's id. */
  @ForeignKey('characters', { name: 'banks_ownerId_fkey' })
  @SnowflakeColumn()
  ownerId: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  iconHash: string | null;

  @MoneyColumn({ default: 0 })
  capital: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
