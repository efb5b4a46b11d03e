import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { ACCOUNT_LIST_READERS, BankPolicy, findBank } from './bank.policy';
import { BankAccountEntity } from './bank-account.entity';
import { DuplicateAccount } from './bank.errors';
import { type AccountJson, type AccountListJson, toAccountJson } from './bank.presenter';

@Injectable()
export class BankAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly policy: BankPolicy,
    private readonly events: DomainEvents,
  ) {}

  /** One account per character per bank: the unique constraint decides between concurrent requests. */
  async open(caller: Principal, bankId: string, characterId: string): Promise<AccountJson> {
    const ownedBy = this.policy.accountOwnerFilter(caller);
    const id = this.ids.next();
    try {
      return await this.tx.run(async (manager) => {
        await findBank(manager, bankId);
        await this.policy.requireCharacter(manager, characterId, ownedBy);
        await manager.insert(BankAccountEntity, { id, bankId, characterId, balance: 0 });
        const data = { bankId, characterId };
        await this.events.publish(manager, { action: 'account.opened', actor: actorOf(caller), subject: { type: 'account', id }, data });
        return toAccountJson(await manager.findOneByOrFail(BankAccountEntity, { id }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateAccount();
      throw error;
    }
  }

  /** Every account of the bank, oldest first; for its owner and `STAFF`. */
  async list(caller: Principal, bankId: string): Promise<AccountListJson> {
    const manager = this.dataSource.manager;
    await this.policy.assertOwnerOr(manager, caller, await findBank(manager, bankId), ACCOUNT_LIST_READERS);
    const accounts = await manager.find(BankAccountEntity, { where: { bankId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { accounts: accounts.map(toAccountJson) };
  }
}
