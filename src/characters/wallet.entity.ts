import { Entity } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

/** A character's wallet; it exists once the character has been approved. */
@Entity({ name: 'wallets' })
export class WalletEntity {
  @SnowflakePrimaryColumn()
  characterId: string;

  @MoneyColumn({ default: 0 })
  balance: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
