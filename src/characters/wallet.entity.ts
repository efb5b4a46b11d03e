import { Check, Column, Entity, ForeignKey } from 'typeorm';
import { CreatedAtColumn, MoneyColumn, SnowflakePrimaryColumn, UpdatedAtColumn } from '../database/columns';

/** A character's wallet; it exists once the character has been approved. */
@Entity({ name: 'wallets' })
@Check('CHK_wallets_balance', '"balance" BETWEEN 0 AND 9007199254740991')
export class WalletEntity {
  @ForeignKey('characters', { name: 'wallets_characterId_fkey', onDelete: 'CASCADE' })
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
