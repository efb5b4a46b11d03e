import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { assertPathUserIsCaller } from '../common/permissions/path-user';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import { type CharacterEntity, ENDED_STATUSES } from './character.entity';
import { CharacterPendingApproval } from './character.errors';

/** Who may read another user's character (decisions §4.8). */
export const CHARACTER_READERS = [
  Permission.STAFF,
  Permission.MODERATOR_CHIEF,
  Permission.ADMINISTRATOR,
  Permission.SERVICE_ADMINISTRATOR,
  Permission.DEVELOPER,
];

/** Who may edit a character once it is approved (the spec's state table). */
export const APPROVED_CHARACTER_EDITORS = [Permission.ADMINISTRATOR, Permission.DEVELOPER];

export function assertMayRead(caller: Principal, ownerId: string): void {
  if (caller.id !== ownerId && !hasAnyPermission(caller.permissions, CHARACTER_READERS)) {
    throw new ForbiddenError('Unauthorized');
  }
}

/**
 * Locked while pending review (decisions §4.9); approved only for administrators and developers;
 * retired or deceased, read-only for everyone (decisions §11).
 */
export function assertEditable(character: CharacterEntity, caller: Principal): void {
  if (isEnded(character)) throw new ForbiddenError('Forbidden');
  if (character.idStatus === 'pending_approval') throw new CharacterPendingApproval();
  if (character.idStatus === 'approved' && !hasAnyPermission(caller.permissions, APPROVED_CHARACTER_EDITORS)) {
    throw new ForbiddenError('Forbidden');
  }
}

/** Creating, editing, submitting and cancelling are the owner's alone. */
export function assertOwnCharacterChange(caller: Principal, userId: string): void {
  assertPathUserIsCaller(userId, caller.id, 'Forbidden');
}

/** Listing a user's characters is the owner's alone; the contract words this 403 `Unauthorized`. */
export function assertOwnCharacterList(caller: Principal, userId: string): void {
  assertPathUserIsCaller(userId, caller.id, 'Unauthorized');
}

/** Nobody reviews their own characters unless the deployment allows it (decisions §7). */
export function isOwnReview(reviewerId: string | null, character: CharacterEntity, selfApprovalAllowed: boolean): boolean {
  return !selfApprovalAllowed && character.userId === reviewerId;
}

export function isEnded(character: Pick<CharacterEntity, 'idStatus'>): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(character.idStatus);
}

/** Only the owner picks their active character. */
export function assertMayPickActiveCharacter(caller: Principal, userId: string): void {
  if (caller.id !== userId) throw new ForbiddenError();
}
