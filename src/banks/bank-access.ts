import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { CharacterEntity } from '../characters/character.entity';
import { ForbiddenError, UnknownCharacter } from '../common/errors/domain-error';
import { hasAnyPermission, type Permission } from '../common/permissions/permission';
import type { TransactionRunner } from '../database/transaction-runner';
import { BankEntity } from './bank.entity';
import { UnknownBank } from './bank.errors';

/** The bank, row-locked when `lockWith` is given (a write depends on what was read). */
export async function findBank(manager: EntityManager, bankId: string, lockWith?: TransactionRunner): Promise<BankEntity> {
  const query = manager.createQueryBuilder(BankEntity, 'bank').where('bank.id = :bankId', { bankId });
  const bank = await (lockWith ? lockWith.lockForUpdate(query) : query).getOne();
  if (!bank) throw new UnknownBank();
  return bank;
}

/** The bank owner is the user who owns the owning character. */
export function isBankOwner(manager: EntityManager, caller: SessionUser, bank: BankEntity): Promise<boolean> {
  return manager.exists(CharacterEntity, { where: { id: bank.ownerId, userId: caller.id } });
}

/** Lets through the bank owner and holders of any of `permissions`; 403 for everyone else. */
export async function assertOwnerOr(
  manager: EntityManager,
  caller: SessionUser,
  bank: BankEntity,
  permissions: Permission[],
): Promise<void> {
  if (hasAnyPermission(caller.permissions, permissions)) return;
  if (!(await isBankOwner(manager, caller, bank))) throw new ForbiddenError();
}

/**
 * An existing character, and when `ownedBy` is given one of that user's: someone else's is
 * answered like a missing one, so ids cannot be probed.
 */
export async function requireCharacter(manager: EntityManager, characterId: string, ownedBy?: string): Promise<void> {
  const where = ownedBy === undefined ? { id: characterId } : { id: characterId, userId: ownedBy };
  if (!(await manager.exists(CharacterEntity, { where }))) throw new UnknownCharacter();
}
