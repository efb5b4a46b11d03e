import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CharacterWallets } from '../characters/character-wallets.service';
import { type BalanceRefusal, changeBoundedBalance } from '../database/bounded-balance';
import { TransactionRunner } from '../database/transaction-runner';
import { BankAccountEntity } from './bank-account.entity';
import { BankEntity } from './bank.entity';

export interface AccountWithHolder {
  account: BankAccountEntity;
  /** The user owning the account's character: the account's holder. */
  holderUserId: string;
  /** The account's character has ended: its money does not move. */
  frozen: boolean;
}

/** What other modules (money) may ask and change of bank accounts. */
@Injectable()
export class BankAccountDirectory {
  constructor(
    private readonly characters: CharacterWallets,
    private readonly transactions: TransactionRunner,
  ) {}

  async find(manager: EntityManager, accountId: string): Promise<AccountWithHolder | null> {
    const account = await manager.findOneBy(BankAccountEntity, { id: accountId });
    if (!account) return null;
    const holder = await this.characters.holderOf(manager, account.characterId);
    return holder ? { account, holderUserId: holder.userId, frozen: account.frozen } : null;
  }

  bankExists(manager: EntityManager, bankId: string): Promise<boolean> {
    return manager.existsBy(BankEntity, { id: bankId });
  }

  /**
   * Adds `change` to the account's balance within its bounds, in the caller's transaction (which
   * chooses the order rows are locked in); the balance after, or why it was refused.
   */
  changeBalance(manager: EntityManager, accountId: string, change: number): Promise<number | BalanceRefusal> {
    const account = { table: 'bank_accounts', key: 'id', id: accountId, freezable: true };
    return changeBoundedBalance(manager, this.transactions.dialect, account, change);
  }
}
