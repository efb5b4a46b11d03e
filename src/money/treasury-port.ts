import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import type { BalanceRefusal } from '../database/bounded-balance';
import type { Holder } from './holder';

/**
 * What money needs of organisations' treasuries. The organisations module, which owns their rows
 * and sits above money, provides it, so the walk of an amount still ends in the owner's bounded
 * balance (`database/bounded-balance.ts`), as wallets' and accounts' do.
 */
export abstract class TreasuryPort {
  /** The treasury as a holder, with whether the caller may withdraw from it; 404 `Unknown Organisation` when there is none. */
  abstract holder(manager: EntityManager, organisationId: string, caller: Principal): Promise<Holder>;

  /** Adds `change` within 0..2^53−1 in the caller's transaction; the balance after, or why it was refused. */
  abstract changeBalance(manager: EntityManager, organisationId: string, change: number): Promise<number | BalanceRefusal>;
}
