import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { CharactersService } from '../characters/characters.service';
import { ForbiddenError, UnknownCharacter } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import type { TransactionRunner } from '../database/transaction-runner';
import { BankEntity } from './bank.entity';
import { UnknownBank } from './bank.errors';

/** Who may read a bank's ledger. */
export const LEDGER_READERS = [Permission.STAFF, Permission.ADMINISTRATOR];
/** Who may update any bank (its owner may update their own). */
export const BANK_EDITORS = [Permission.ADMINISTRATOR];
/** Who may list any bank's accounts. */
export const ACCOUNT_LIST_READERS = [Permission.STAFF];
/** Who may open an account for a character that is not theirs. */
export const OPENS_FOR_OTHERS = [Permission.ADMINISTRATOR, Permission.SERVICE_ADMINISTRATOR];

/** The bank, row-locked when `lockWith` is given (a write depends on what was read). */
export async function findBank(manager: EntityManager, bankId: string, lockWith?: TransactionRunner): Promise<BankEntity> {
  const query = manager.createQueryBuilder(BankEntity, 'bank').where('bank.id = :bankId', { bankId });
  const bank = await (lockWith ? lockWith.lockForUpdate(query) : query).getOne();
  if (!bank) throw new UnknownBank();
  return bank;
}

/** The banks' "who may" rules; characters are asked of their own module. */
@Injectable()
export class BankPolicy {
  constructor(private readonly characters: CharactersService) {}

  /** Lets through the bank owner (the user owning the owning character) and holders of any of `permissions`. */
  async assertOwnerOr(manager: EntityManager, caller: Principal, bank: BankEntity, permissions: Permission[]): Promise<void> {
    if (hasAnyPermission(caller.permissions, permissions)) return;
    if (!(await this.characters.exists(manager, bank.ownerId, caller.id))) throw new ForbiddenError();
  }

  /** Only an administrator sets capital; the owner asking for it changes nothing at all. */
  assertMaySetCapital(caller: Principal): void {
    if (!hasAnyPermission(caller.permissions, BANK_EDITORS)) throw new ForbiddenError();
  }

  /**
   * An existing character, and when `ownedBy` is given one of that user's: someone else's is
   * answered like a missing one, so ids cannot be probed.
   */
  async requireCharacter(manager: EntityManager, characterId: string, ownedBy?: string): Promise<void> {
    if (!(await this.characters.exists(manager, characterId, ownedBy))) throw new UnknownCharacter();
  }

  /** The user an account is opened for must own the character, unless the caller may open for others. */
  accountOwnerFilter(caller: Principal): string | undefined {
    return hasAnyPermission(caller.permissions, OPENS_FOR_OTHERS) ? undefined : caller.id;
  }
}
