import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changeBoundedBalance } from '../database/bounded-balance';
import { TransactionRunner } from '../database/transaction-runner';
import { CharactersRepository } from './characters.repository';

/** What other modules (money, banks) may do with characters' wallets and ownership. */
@Injectable()
export class CharacterWallets {
  constructor(
    private readonly characters: CharactersRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The user owning the character whose wallet this is; null when the character has no wallet. */
  walletOwner(manager: EntityManager, characterId: string): Promise<string | null> {
    return this.characters.walletOwner(manager, characterId);
  }

  /** The user owning the character; null when there is no such character. */
  ownerOf(manager: EntityManager, characterId: string): Promise<string | null> {
    return this.characters.ownerOf(manager, characterId);
  }

  /** 404 (`Unknown User` or `Unknown Character`) unless the user owns the character. */
  async requireOfUser(manager: EntityManager, userId: string, characterId: string): Promise<void> {
    await this.characters.requireOfUser(manager, userId, characterId);
  }

  /**
   * Adds `change` to the wallet's balance within its bounds, in the caller's transaction (which
   * chooses the order rows are locked in); the balance after, or null when refused.
   */
  changeBalance(manager: EntityManager, characterId: string, change: number): Promise<number | null> {
    return changeBoundedBalance(manager, this.transactions.dialect, { table: 'wallets', key: 'characterId', id: characterId }, change);
  }
}
