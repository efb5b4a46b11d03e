import { Check, Entity, ForeignKey } from 'typeorm';
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

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
