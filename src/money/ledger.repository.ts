import { Injectable } from '@nestjs/common';
import { type EntityManager, type EntityTarget, LessThan, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Holder } from './holder';
import { StatementEntryEntity } from './statement-entry.entity';
import { TransferEntity } from './transfer.entity';

/** Transfers and statement entries; every method works inside the caller's transaction. */
@Injectable()
export class LedgerRepository {
  insertTransfers(manager: EntityManager, transfers: TransferEntity[]): Promise<void> {
    return insertRows(manager, TransferEntity, transfers);
  }

  insertEntries(manager: EntityManager, entries: StatementEntryEntity[]): Promise<void> {
    return insertRows(manager, StatementEntryEntity, entries);
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

/** Rows per INSERT: a payroll of hundreds stays within every driver's limit of bound parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Complete rows, written as they are: TypeORM would otherwise read the defaults back with one
 * condition per row, which SQLite refuses past a few hundred rows.
 */
async function insertRows<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, rows: T[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT) as QueryDeepPartialEntity<T>[];
    await manager.createQueryBuilder().insert().into(entity).values(chunk).updateEntity(false).execute();
  }
}
