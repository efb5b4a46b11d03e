/** Where money sits: a character's wallet, a bank account, or outside the economy. */
export type HolderType = 'wallet' | 'account' | 'external';

/** A holder as the API names it, in the request's shape (decisions §8). */
export type HolderRef =
  | { type: 'wallet'; characterId: string }
  | { type: 'account'; accountId: string }
  | { type: 'external' };

/** A wallet or account found in the database, with the user who owns its character. */
export interface Holder {
  type: Exclude<HolderType, 'external'>;
  id: string;
  ownerUserId: string;
  /** Its character has ended (retired or deceased): readable, but no money moves (409 `Frozen`). */
  frozen: boolean;
}

export function holderId(ref: HolderRef): string | null {
  if (ref.type === 'wallet') return ref.characterId;
  if (ref.type === 'account') return ref.accountId;
  return null;
}

export function holderRef(type: HolderType, id: string | null): HolderRef {
  if (type === 'wallet') return { type, characterId: id! };
  if (type === 'account') return { type, accountId: id! };
  return { type: 'external' };
}

/**
 * The one order in which every transfer locks balance rows: accounts before wallets, then by id
 * as a number. Two transfers over the same rows therefore wait for each other, never deadlock.
 */
export function lockOrder(a: Holder, b: Holder): number {
  if (a.type !== b.type) return a.type === 'account' ? -1 : 1;
  const [left, right] = [BigInt(a.id), BigInt(b.id)];
  return left < right ? -1 : left > right ? 1 : 0;
}
