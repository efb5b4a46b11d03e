import { BankLedgerEntryEntity } from '../../src/banks/bank-ledger-entry.entity';
import { BankEntity } from '../../src/banks/bank.entity';
import type { TestApp } from './app';
import type { Player } from './factories';

export const MAX_CAPITAL = 9007199254740991;
export const SNOWFLAKE = /^[1-9]\d{17,18}$/;
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The bank endpoints as a player calls them, and the stored rows to check them against. */
export function bankCalls(app: () => TestApp) {
  const t = () => app();
  return {
    createBank: (as: Player, body: object) => t().http().post('/v1/banks').set('Cookie', as.cookie).send(body),
    patch: (bankId: string, as: Player, body?: object) => {
      const call = t().http().patch(`/v1/banks/${bankId}`).set('Cookie', as.cookie);
      return body === undefined ? call : call.send(body);
    },
    put: (bankId: string, as: Player, body: object) =>
      t().http().put(`/v1/banks/${bankId}`).set('Cookie', as.cookie).send(body),
    storedBank: (id: string) => t().dataSource.getRepository(BankEntity).findOneByOrFail({ id }),
    /** Oldest first. */
    ledgerOf: (bankId: string) =>
      t().dataSource.getRepository(BankLedgerEntryEntity).find({ where: { bankId }, order: { id: 'ASC' } }),
  };
}
