/**
 * Where money sits: a character's wallet, a bank account, an organisation's treasury, or outside
 * the economy. A treasury is stored as `treasury`: the type columns hold 8 characters.
 */
export type HolderType = 'wallet' | 'account' | 'treasury' | 'external';

/** A holder as the API names it, in the request's shape (decisions §8, §14). */
export type HolderRef =
  | { type: 'wallet'; characterId: string }
  | { type: 'account'; accountId: string }
  | { type: 'organisation'; organisationId: string }
  | { type: 'external' };

/** A wallet, account or treasury found in the database. */
export interface Holder {
  type: Exclude<HolderType, 'external'>;
  id: string;
  /** The user who owns its character; null for a treasury. */
  ownerUserId: string | null;
  /** The character whose wallet or account it is; null for a treasury. */
  characterId: string | null;
  /** A treasury: whether the caller holds `withdraw` in its organisation (decisions §14). */
  callerMayWithdraw?: boolean;
  /** Its character has ended (retired or deceased): readable, but no money moves (409 `Frozen`). */
  frozen: boolean;
}

/** The wallet of a character known to have one (a member's, an invoice's issuer or billed character); a freeze still refuses its balance update. */
export function walletHolder(characterId: string, ownerUserId: string): Holder {
  return { type: 'wallet', id: characterId, ownerUserId, characterId, frozen: false };
}

/**
 * The treasury of an organisation known to exist (an invoice's issuer: nothing is ever deleted).
 * It holds no `callerMayWithdraw`: money only comes in through it.
 */
export function treasuryHolder(organisationId: string): Holder {
  return { type: 'treasury', id: organisationId, ownerUserId: null, characterId: null, frozen: false };
}

export function holderTypeOf(ref: HolderRef): HolderType {
  return ref.type === 'organisation' ? 'treasury' : ref.type;
}

export function holderId(ref: HolderRef): string | null {
  if (ref.type === 'wallet') return ref.characterId;
  if (ref.type === 'account') return ref.accountId;
  if (ref.type === 'organisation') return ref.organisationId;
  return null;
}

export function holderRef(type: HolderType, id: string | null): HolderRef {
  if (type === 'wallet') return { type, characterId: id! };
  if (type === 'account') return { type, accountId: id! };
  if (type === 'treasury') return { type: 'organisation', organisationId: id! };
  return { type: 'external' };
}

const LOCK_RANK: Record<Holder['type'], number> = { treasury: 0, account: 1, wallet: 2 };

/**
 * The one order in which every transfer locks balance rows: treasuries, then accounts, then
 * wallets, each by id as a number. Two transfers over the same rows therefore wait for each
 * other, never deadlock; a payroll (one treasury, then its members' wallets) keeps it too.
 */
export function lockOrder(a: Holder, b: Holder): number {
  if (a.type !== b.type) return LOCK_RANK[a.type] - LOCK_RANK[b.type];
  const [left, right] = [BigInt(a.id), BigInt(b.id)];
  return left < right ? -1 : left > right ? 1 : 0;
}
