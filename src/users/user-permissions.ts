import type { EntityManager } from 'typeorm';
import { deactivateSessionsOf } from '../auth/sessions.service';
import type { TransactionRunner } from '../database/transaction-runner';
import { UserEntity } from './user.entity';

/** The user row, locked for the rest of the transaction on PostgreSQL. */
export function lockedUser(tx: TransactionRunner, manager: EntityManager, userId: string): Promise<UserEntity | null> {
  return tx.lockForUpdate(manager.createQueryBuilder(UserEntity, 'user').where('user.id = :userId', { userId })).getOne();
}

/** Whether a caller holding `callerBits` may turn `from` into `to`: every changed bit must be theirs. */
export function mayChangePermissions(callerBits: number, from: number, to: number): boolean {
  return ((from ^ to) & ~callerBits) === 0;
}

/**
 * Stores new permissions and marks the user's sessions inactive, so each renews on its next
 * request (decisions §4.4). Runs inside the caller's transaction.
 */
export async function storePermissions(manager: EntityManager, userId: string, permissions: number): Promise<void> {
  await manager.update(UserEntity, { id: userId }, { permissions });
  await deactivateSessionsOf(manager, userId);
}
