import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThan } from 'typeorm';
import type { Holder } from './holder';
import { StatementEntryEntity } from './statement-entry.entity';
import { TransferEntity } from './transfer.entity';

/** Transfers and statement entries; every method works inside the caller's transaction. */
@Injectable()
export class LedgerRepository {
  async insertTransfers(manager: EntityManager, transfers: TransferEntity[]): Promise<void> {
    await manager.insert(TransferEntity, transfers);
  }

  async insertEntries(manager: EntityManager, entries: StatementEntryEntity[]): Promise<void> {
    await manager.insert(StatementEntryEntity, entries);
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
