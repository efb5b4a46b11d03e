import { Column, Entity } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

/** A character's wallet; it exists once the character has been approved. */
@Entity({ name: 'wallets' })
export class WalletEntity {
  @SnowflakePrimaryColumn()
  characterId: string;

  @MoneyColumn({ default: 0 })
  balance: number;

  /** Its character has ended: readable, but no money moves (409 `Frozen`). */
  @Column({ type: 'boolean', default: false })
  frozen: boolean;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
