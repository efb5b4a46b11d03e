import { Check, Column, Entity, ForeignKey, Index } from 'typeorm';
import {
  CreatedAtColumn,
  MoneyColumn,
  SnowflakeColumn,
  SnowflakePrimaryColumn,
  UpdatedAtColumn,
} from '../database/columns';

/** A character's account in a bank: at most one per character per bank. */
@Entity({ name: 'bank_accounts' })
@Index('UQ_bank_accounts_bank_character', ['bankId', 'characterId'], { unique: true })
@Index('IDX_bank_accounts_character', ['characterId'])
@Check('CHK_bank_accounts_balance', '"balance" BETWEEN 0 AND 9007199254740991')
export class BankAccountEntity {
  @SnowflakePrimaryColumn()
  id: string;

  @ForeignKey('banks', { name: 'bank_accounts_bankId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
  bankId: string;

  @ForeignKey('characters', { name: 'bank_accounts_characterId_fkey', onDelete: 'CASCADE' })
  @SnowflakeColumn()
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
