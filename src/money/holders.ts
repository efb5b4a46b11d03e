import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type AccountWithHolder, BankAccountDirectory } from '../banks/bank-account-directory';
import type { BankAccountEntity } from '../banks/bank-account.entity';
import type { BalanceRefusal } from '../database/bounded-balance';
import { UnknownBank } from '../banks/bank.errors';
import { CharacterWallets } from '../characters/character-wallets.service';
import { UnknownCharacter } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import type { Principal } from '../access/principal';
import type { Holder, HolderRef } from './holder';
import { Frozen, UnknownAccount, UnknownWallet } from './money.errors';
import { TreasuryPort } from './treasury-port';

/**
 * Finds wallets, accounts and treasuries, and changes their balances, through the modules that own them. `forTransfer` is the one place a
 * transfer loads a holder, so a rule about holders (a frozen wallet or account, 409 `Frozen`)
 * belongs there and nowhere else.
 */
@Injectable()
export class HolderDirectory {
  constructor(
    private readonly characters: CharacterWallets,
    private readonly accounts: BankAccountDirectory,
    private readonly treasuries: TreasuryPort,
  ) {}

  /** The holder named in a transfer; null for `external`. Unknown or malformed ids are 404, frozen ones 409. */
  async forTransfer(manager: EntityManager, ref: HolderRef, caller: Principal): Promise<Holder | null> {
    const holder = await this.find(manager, ref, caller);
    if (holder?.frozen) throw new Frozen();
    return holder;
  }

  private async find(manager: EntityManager, ref: HolderRef, caller: Principal): Promise<Holder | null> {
    if (ref.type === 'external') return null;
    if (ref.type === 'wallet') return this.wallet(manager, ref.characterId);
    if (ref.type === 'organisation') return this.treasuries.holder(manager, ref.organisationId, caller);
    if (!isSnowflake(ref.accountId)) throw new UnknownAccount();
    const found = await this.accounts.find(manager, ref.accountId);
    if (!found) throw new UnknownAccount();
    return accountHolder(found);
  }

  /** The wallet of the user's character, as a statement path names it. */
  async walletOfUser(manager: EntityManager, userId: string, characterId: string): Promise<Holder> {
    if (!isSnowflake(characterId)) throw new UnknownCharacter();
    await this.characters.requireOfUser(manager, userId, characterId);
    return this.wallet(manager, characterId);
  }

  /** The account of the bank, as its path names it. */
  async accountOfBank(manager: EntityManager, bankId: string, accountId: string): Promise<{ holder: Holder; account: BankAccountEntity }> {
    const found = isSnowflake(accountId) ? await this.accounts.find(manager, accountId) : null;
    if (!found || found.account.bankId !== bankId) {
      throw (await this.accounts.bankExists(manager, bankId)) ? new UnknownAccount() : new UnknownBank();
    }
    return { holder: accountHolder(found), account: found.account };
  }

  /**
   * Adds `change` to the holder's balance through the module owning its row, within 0..2^53−1;
   * the balance after, or why it was refused. The caller orders the calls (lock order).
   */
  changeBalance(manager: EntityManager, holder: Holder, change: number): Promise<number | BalanceRefusal> {
    if (holder.type === 'treasury') return this.treasuries.changeBalance(manager, holder.id, change);
    return holder.type === 'wallet'
      ? this.characters.changeBalance(manager, holder.id, change)
      : this.accounts.changeBalance(manager, holder.id, change);
  }

  private async wallet(manager: EntityManager, characterId: string): Promise<Holder> {
    const holder = isSnowflake(characterId) ? await this.characters.walletHolder(manager, characterId) : null;
    if (!holder) throw new UnknownWallet();
    return { type: 'wallet', id: characterId, ownerUserId: holder.userId, characterId, frozen: holder.frozen };
  }
}

function accountHolder({ account, holderUserId, frozen }: AccountWithHolder): Holder {
  return { type: 'account', id: account.id, ownerUserId: holderUserId, characterId: account.characterId, frozen };
}
