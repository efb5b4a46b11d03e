import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { type AccountJson, toAccountJson } from '../banks/bank.presenter';
import { invalidField } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { cursorPage, idOf } from '../common/pagination';
import type { Holder } from './holder';
import { HolderDirectory } from './holders';
import { LedgerRepository } from './ledger.repository';
import { assertMayReadStatement } from './money.policy';
import { type StatementJson, toStatementEntryJson } from './money.presenter';
import type { StatementQueryDto } from './transfer.dto';

/** Statements of wallets, accounts and treasuries, and the account itself, for the holder and readers. */
@Injectable()
export class StatementsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly holders: HolderDirectory,
    private readonly ledger: LedgerRepository,
  ) {}

  /** The path user decides access before anything is looked up (decisions §7, ownership first). */
  async wallet(caller: Principal, userId: string, characterId: string, query: StatementQueryDto): Promise<StatementJson> {
    assertMayReadStatement(caller, userId);
    const manager = this.dataSource.manager;
    return this.page(manager, await this.holders.walletOfUser(manager, userId, characterId), query);
  }

  async account(caller: Principal, bankId: string, accountId: string, query: StatementQueryDto): Promise<StatementJson> {
    const manager = this.dataSource.manager;
    const { holder } = await this.readableAccount(manager, caller, bankId, accountId);
    return this.page(manager, holder, query);
  }

  async accountJson(caller: Principal, bankId: string, accountId: string): Promise<AccountJson> {
    const { account } = await this.readableAccount(this.dataSource.manager, caller, bankId, accountId);
    return toAccountJson(account);
  }

  /** A treasury's statement; its organisation decided who reads it (decisions §14). */
  treasury(organisationId: string, query: StatementQueryDto): Promise<StatementJson> {
    return this.page(this.dataSource.manager, { type: 'treasury', id: organisationId }, query);
  }

  private async readableAccount(manager: EntityManager, caller: Principal, bankId: string, accountId: string) {
    const found = await this.holders.accountOfBank(manager, bankId, accountId);
    assertMayReadStatement(caller, found.holder.ownerUserId);
    return found;
  }

  private async page(manager: EntityManager, holder: Pick<Holder, 'type' | 'id'>, query: StatementQueryDto): Promise<StatementJson> {
    const { before, limit } = query;
    if (before !== undefined && !(isSnowflake(before) && (await this.ledger.entryExists(manager, holder, before)))) {
      throw invalidField('before', 'before must be an entryId of this statement');
    }
    const { page, next } = cursorPage(await this.ledger.entriesBefore(manager, holder, before, limit), limit, idOf);
    return { entries: page.map(toStatementEntryJson), nextBefore: next };
  }
}
