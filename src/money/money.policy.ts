import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import type { Holder } from './holder';

/** Who reads any statement besides the holder (decisions §12); every service key does too. */
const STATEMENT_READERS = [Permission.STAFF, Permission.ADMINISTRATOR];

/**
 * `ADMINISTRATOR` (a person's or a key's bits alike), or a service key holding
 * `SERVICE_ADMINISTRATOR`: may move anyone's money and money entering or leaving the economy.
 */
export function movesAnyMoney(caller: Principal): boolean {
  if (hasAnyPermission(caller.permissions, [Permission.ADMINISTRATOR])) return true;
  return caller.kind === 'service_key' && hasAnyPermission(caller.permissions, [Permission.SERVICE_ADMINISTRATOR]);
}

/** Everyone else moves only their own character's money, to a wallet or an account. */
export function assertMayMove(caller: Principal, from: Holder | null, to: Holder | null): void {
  if (movesAnyMoney(caller)) return;
  const ownsSource = caller.kind === 'user' && from !== null && from.ownerUserId === caller.id;
  if (!ownsSource || to === null) throw new ForbiddenError();
}

export function assertMayReadStatement(caller: Principal, holderUserId: string): void {
  if (caller.kind === 'service_key' || caller.id === holderUserId) return;
  if (!hasAnyPermission(caller.permissions, STATEMENT_READERS)) throw new ForbiddenError();
}
