import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThan } from 'typeorm';
import { BankAccountEntity } from '../banks/bank-account.entity';
import { WalletEntity } from '../characters/wallet.entity';
import { MAX_BALANCE } from './balances';
import type { Holder } from './holder';
import { StatementEntryEntity } from './statement-entry.entity';
import { TransferEntity } from './transfer.entity';

/** The balance column and key of each holder's table; the money module is their only writer. */
const TABLES = {
  wallet: { entity: WalletEntity, key: 'characterId' },
  account: { entity: BankAccountEntity, key: 'id' },
} as const;

/** Balances, transfers and statement entries; every method works inside the caller's transaction. */
@Injectable()
export class LedgerRepository {
  /**
   * Adds `change` (signed) to the holder's balance in one conditional UPDATE whose WHERE keeps
   * the balance within 0..2^53−1; the row stays locked until the transaction ends. Answers the
   * balance after, or null when the bound refused the change.
   */
  async changeBalance(manager: EntityManager, holder: Holder, change: number): Promise<number | null> {
    const { entity, key } = TABLES[holder.type];
    const result = await manager
      .createQueryBuilder()
      .update(entity)
      .set({ balance: () => 'balance + :change' })
      .where(`"${key}" = :id AND balance + :change BETWEEN 0 AND :max`, { id: holder.id, change, max: MAX_BALANCE })
      .execute();
    if (!result.affected) return null;
    const row = await manager.findOneOrFail<{ balance: number }>(entity, { select: { balance: true }, where: { [key]: holder.id } });
    return row.balance;
  }

  async insertTransfer(manager: EntityManager, transfer: TransferEntity): Promise<void> {
    await manager.insert(TransferEntity, transfer);
  }

  async insertEntry(manager: EntityManager, entry: StatementEntryEntity): Promise<void> {
    await manager.insert(StatementEntryEntity, entry);
  }

  entryExists(manager: EntityManager, holder: Pick<Holder, 'type' | 'id'>, entryId: string): Promise<boolean> {
    return manager.existsBy(StatementEntryEntity, { id: entryId, holderType: holder.type, holderId: holder.id });
  }

  /** Newest first, `limit + 1` rows so the caller knows whether another page follows. */
  entriesBefore(manager: EntityManager, holder: Pick<Holder, 'type' | 'id'>, before: string | undefined, limit: number) {
    return manager.find(StatementEntryEntity, {
      where: { holderType: holder.type, holderId: holder.id, ...(before === undefined ? {} : { id: LessThan(before) }) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
  }
}
