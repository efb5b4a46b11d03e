import { Column, Entity, Index } from 'typeorm';
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
export class BankEntity {
  @SnowflakePrimaryColumn()
  id: string;

  /** The owning character's id. */
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
