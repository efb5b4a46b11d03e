import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { assertOwnerOr, findBank, requireCharacter } from './bank-access';
import { BankAccountEntity } from './bank-account.entity';
import { DuplicateAccount } from './bank.errors';
import { type AccountJson, type AccountListJson, toAccountJson } from './bank.presenter';

/** Who may open an account for a character that is not theirs. */
const OPENS_FOR_OTHERS = [Permission.ADMINISTRATOR, Permission.SERVICE_ADMINISTRATOR];

@Injectable()
export class BankAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
  ) {}

  /** One account per character per bank: the unique constraint decides between concurrent requests. */
  async open(caller: SessionUser, bankId: string, characterId: string): Promise<AccountJson> {
    const ownedBy = hasAnyPermission(caller.permissions, OPENS_FOR_OTHERS) ? undefined : caller.id;
    const id = this.ids.next();
    try {
      return await this.tx.run(async (manager) => {
        await findBank(manager, bankId);
        await requireCharacter(manager, characterId, ownedBy);
        await manager.insert(BankAccountEntity, { id, bankId, characterId, balance: 0 });
        return toAccountJson(await manager.findOneByOrFail(BankAccountEntity, { id }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateAccount();
      throw error;
    }
  }

  /** Every account of the bank, oldest first; for its owner and `STAFF`. */
  async list(caller: SessionUser, bankId: string): Promise<AccountListJson> {
    const manager = this.dataSource.manager;
    await assertOwnerOr(manager, caller, await findBank(manager, bankId), [Permission.STAFF]);
    const accounts = await manager.find(BankAccountEntity, { where: { bankId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { accounts: accounts.map(toAccountJson) };
  }
}
