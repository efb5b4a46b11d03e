import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CharacterEntity } from '../characters/character.entity';
import { BankAccountEntity } from './bank-account.entity';
import { BankEntity } from './bank.entity';

export interface AccountWithHolder {
  account: BankAccountEntity;
  /** The user owning the account's character: the account's holder. */
  holderUserId: string;
}

/** What other modules (money) may ask about bank accounts. */
@Injectable()
export class BankAccountDirectory {
  async find(manager: EntityManager, accountId: string): Promise<AccountWithHolder | null> {
    const account = await manager.findOneBy(BankAccountEntity, { id: accountId });
    if (!account) return null;
    const character = await manager.findOne(CharacterEntity, { select: { userId: true }, where: { id: account.characterId } });
    return character ? { account, holderUserId: character.userId } : null;
  }

  bankExists(manager: EntityManager, bankId: string): Promise<boolean> {
    return manager.existsBy(BankEntity, { id: bankId });
  }
}
