import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../events/domain-events';
import { type EventEntry, actorOf } from '../events/domain-event';
import { type Principal, userIdOf } from '../access/principal';
import { type PaginationQueryDto, pageOffset, paginationMeta } from '../common/pagination';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { StoredImages } from '../images/stored-images.service';
import { BANK_EDITORS, BankPolicy, findBank, LEDGER_READERS } from './bank.policy';
import type { CreateBankDto, UpdateBankDto } from './bank.dto';
import { BankEntity } from './bank.entity';
import { BankLedger } from './bank-ledger';
import { type BankJson, type BankPageJson, type LedgerPageJson, toBankJson } from './bank.presenter';

@Injectable()
export class BanksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly ledger: BankLedger,
    private readonly images: StoredImages,
    private readonly policy: BankPolicy,
    private readonly events: DomainEvents,
  ) {}

  async create(caller: Principal, dto: CreateBankDto): Promise<BankJson> {
    const id = this.ids.next();
    const capital = dto.capital ?? 0;
    return this.tx.run(async (manager) => {
      await this.policy.requireCharacter(manager, dto.ownerId);
      await manager.insert(BankEntity, { id, ownerId: dto.ownerId, name: dto.name, iconHash: null, capital });
      await this.ledger.record(manager, { bankId: id, amount: capital, actorUserId: userIdOf(caller), reason: 'created' }, capital);
      const bank = toBankJson(await manager.findOneByOrFail(BankEntity, { id }));
      await this.events.publish(manager, {
        action: 'bank.created',
        actor: actorOf(caller),
        subject: { type: 'bank', id },
        data: { ownerId: bank.ownerId, name: bank.name, capital: bank.capital },
      });
      return bank;
    });
  }

  async list(query: PaginationQueryDto): Promise<BankPageJson> {
    const [banks, total] = await this.dataSource.manager.findAndCount(BankEntity, {
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: pageOffset(query),
      take: query.limit,
    });
    return { banks: banks.map(toBankJson), meta: paginationMeta(total, query.page, query.limit) };
  }

  async get(bankId: string): Promise<BankJson> {
    return toBankJson(await findBank(this.dataSource.manager, bankId));
  }

  /** Refuses callers who may change nothing of the bank, before the controller reads an upload. */
  async assertMayUpdate(caller: Principal, bankId: string): Promise<void> {
    const manager = this.dataSource.manager;
    await this.policy.assertOwnerOr(manager, caller, await findBank(manager, bankId), BANK_EDITORS);
  }

  /** Applies a partial update; `icon` is a PNG already validated. */
  async update(caller: Principal, bankId: string, dto: UpdateBankDto, icon?: Buffer): Promise<BankJson> {
    const iconHash = icon ? await this.storeIcon(caller, bankId, dto, icon) : undefined;
    return this.tx.run(async (manager) => {
      const bank = await findBank(manager, bankId, this.tx);
      await this.authorizeUpdate(manager, caller, bank, dto);
      if (dto.ownerId !== undefined) await this.policy.requireCharacter(manager, dto.ownerId);
      const fields = definedOnly({ name: dto.name, ownerId: dto.ownerId, iconHash });
      if (Object.keys(fields).length > 0) await manager.update(BankEntity, { id: bankId }, fields);
      if (dto.capital !== undefined) await this.ledger.setTo(manager, bank, dto.capital, userIdOf(caller));
      const updated = await manager.findOneByOrFail(BankEntity, { id: bankId });
      await this.events.publishAll(manager, bankChanges(caller, bank, updated));
      return toBankJson(updated);
    });
  }

  /**
   * Stores the icon once the caller is known to be allowed, so refused callers store nothing. It
   * is content addressed: should the update then fail, the stored file is harmless.
   */
  private async storeIcon(caller: Principal, bankId: string, dto: UpdateBankDto, icon: Buffer): Promise<string> {
    const manager = this.dataSource.manager;
    await this.authorizeUpdate(manager, caller, await findBank(manager, bankId), dto);
    return this.images.store('icons', icon, 'png');
  }

  async adjustCapital(caller: Principal, bankId: string, amount: number): Promise<BankJson> {
    return this.tx.run(async (manager) => {
      const before = await findBank(manager, bankId, this.tx);
      await this.ledger.move(manager, { bankId, amount, actorUserId: userIdOf(caller), reason: 'adjusted' });
      const after = await manager.findOneByOrFail(BankEntity, { id: bankId });
      await this.events.publishAll(manager, bankChanges(caller, before, after));
      return toBankJson(after);
    });
  }

  async ledgerPage(caller: Principal, bankId: string, query: PaginationQueryDto): Promise<LedgerPageJson> {
    const manager = this.dataSource.manager;
    await this.policy.assertOwnerOr(manager, caller, await findBank(manager, bankId), LEDGER_READERS);
    return this.ledger.page(bankId, query);
  }

  private async authorizeUpdate(manager: EntityManager, caller: Principal, bank: BankEntity, dto: UpdateBankDto) {
    await this.policy.assertOwnerOr(manager, caller, bank, BANK_EDITORS);
    if (dto.capital !== undefined) this.policy.assertMaySetCapital(caller);
  }
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The audited changes between two states of a bank: capital and owner (decisions §9). */
function bankChanges(caller: Principal, before: BankEntity, after: BankEntity): EventEntry[] {
  const base = { actor: actorOf(caller), subject: { type: 'bank', id: after.id } } as const;
  const entries: EventEntry[] = [];
  if (before.capital !== after.capital) {
    entries.push({ ...base, action: 'bank.capital_changed', data: { before: before.capital, after: after.capital } });
  }
  if (before.ownerId !== after.ownerId) {
    entries.push({ ...base, action: 'bank.owner_changed', data: { before: before.ownerId, after: after.ownerId } });
  }
  return entries;
}
