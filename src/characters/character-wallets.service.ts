import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type BalanceRefusal, changeBoundedBalance } from '../database/bounded-balance';
import { TransactionRunner } from '../database/transaction-runner';
import { CharactersRepository, type MoneyHolder } from './characters.repository';

/** What other modules (money, banks) may do with characters' wallets and ownership. */
@Injectable()
export class CharacterWallets {
  constructor(
    private readonly characters: CharactersRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The holder of the character's wallet; null when the character has no wallet. */
  walletHolder(manager: EntityManager, characterId: string): Promise<MoneyHolder | null> {
    return this.characters.walletHolder(manager, characterId);
  }

  /** The holder of money kept for the character (its bank accounts); null when there is no such character. */
  holderOf(manager: EntityManager, characterId: string): Promise<MoneyHolder | null> {
    return this.characters.holderOf(manager, characterId);
  }

  /** 404 (`Unknown User` or `Unknown Character`) unless the user owns the character. */
  async requireOfUser(manager: EntityManager, userId: string, characterId: string): Promise<void> {
    await this.characters.requireOfUser(manager, userId, characterId);
  }

  /**
   * Adds `change` to the wallet's balance within its bounds, in the caller's transaction (which
   * chooses the order rows are locked in); the balance after, or why it was refused.
   */
  changeBalance(manager: EntityManager, characterId: string, change: number): Promise<number | BalanceRefusal> {
    const wallet = { table: 'wallets', key: 'characterId', id: characterId, freezable: true };
    return changeBoundedBalance(manager, this.transactions.dialect, wallet, change);
  }
}
