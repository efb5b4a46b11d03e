import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type DomainError, invalidField } from '../common/errors/domain-error';
import { type PaginationQueryDto, pageOffset, paginationMeta } from '../common/pagination';
import { IdGenerator } from '../database/id-generator';
import { MAX_CAPITAL } from './bank.dto';
import { BankEntity } from './bank.entity';
import { InsufficientCapital, UnknownBank } from './bank.errors';
import { BankLedgerEntryEntity, type LedgerReason } from './bank-ledger-entry.entity';
import { type LedgerPageJson, toLedgerEntryJson } from './bank.presenter';

export interface CapitalChange {
  bankId: string;
  amount: number;
  actorUserId: string | null;
  reason: LedgerReason;
}

/** Every change of a bank's capital, and the ledger row that records it in the same transaction. */
@Injectable()
export class BankLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * Moves capital by `amount` in one conditional UPDATE whose WHERE holds the bounds, so
   * concurrent moves never lose one another nor cross a bound. The updated row stays locked
   * until the transaction ends, so the capital read back is the one this change produced.
   */
  async move(manager: EntityManager, change: CapitalChange): Promise<void> {
    const { bankId, amount } = change;
    const result = await manager
      .createQueryBuilder()
      .update(BankEntity)
      .set({ capital: () => 'capital + :amount' })
      .where('id = :bankId AND capital + :amount BETWEEN 0 AND :max', { bankId, amount, max: MAX_CAPITAL })
      .execute();
    if (!result.affected) throw await this.refusal(manager, bankId, amount);
    const { capital } = await manager.findOneOrFail(BankEntity, { select: { capital: true }, where: { id: bankId } });
    await this.record(manager, change, capital);
  }

  /** Sets capital to `target` on a bank row the caller has locked; records the difference. */
  async setTo(manager: EntityManager, locked: BankEntity, target: number, actorUserId: string | null): Promise<void> {
    const amount = target - locked.capital;
    if (amount !== 0) await this.move(manager, { bankId: locked.id, amount, actorUserId, reason: 'set' });
  }

  record(manager: EntityManager, change: CapitalChange, capitalAfter: number): Promise<unknown> {
    return manager.insert(BankLedgerEntryEntity, {
      id: this.ids.next(),
      bankId: change.bankId,
      actorUserId: change.actorUserId,
      change: change.amount,
      capitalAfter,
      reason: change.reason,
    });
  }

  /** Newest first. */
  async page(bankId: string, query: PaginationQueryDto): Promise<LedgerPageJson> {
    const [entries, total] = await this.dataSource.manager.findAndCount(BankLedgerEntryEntity, {
      where: { bankId },
      order: { id: 'DESC' },
      skip: pageOffset(query),
      take: query.limit,
    });
    return { entries: entries.map(toLedgerEntryJson), meta: paginationMeta(total, query.page, query.limit) };
  }

  private async refusal(manager: EntityManager, bankId: string, amount: number): Promise<DomainError> {
    if (!(await manager.existsBy(BankEntity, { id: bankId }))) return new UnknownBank();
    if (amount < 0) return new InsufficientCapital();
    return invalidField('amount', `capital may not exceed ${MAX_CAPITAL}`);
  }
}
