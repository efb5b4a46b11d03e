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

/**
 * Everyone else moves only their own character's money, or a treasury's with `withdraw`, to a
 * wallet, an account or a treasury (anyone may pay into one).
 */
export function assertMayMove(caller: Principal, from: Holder | null, to: Holder | null): void {
  if (movesAnyMoney(caller)) return;
  if (!mayTakeFrom(caller, from) || to === null) throw new ForbiddenError();
}

function mayTakeFrom(caller: Principal, from: Holder | null): boolean {
  if (from === null) return false;
  if (from.type === 'treasury') return from.callerMayWithdraw === true;
  return caller.kind === 'user' && from.ownerUserId === caller.id;
}

export function assertMayReadStatement(caller: Principal, holderUserId: string | null): void {
  if (caller.kind === 'service_key' || caller.id === holderUserId) return;
  if (!hasAnyPermission(caller.permissions, STATEMENT_READERS)) throw new ForbiddenError();
}
