import { BankAccountEntity } from '../../src/banks/bank-account.entity';
import type { BankLedgerEntryEntity } from '../../src/banks/bank-ledger-entry.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { bankCalls } from '../support/banks';
import { aPlayer, type Player } from '../support/factories';

/**
 * Capital changes and account creation under concurrent requests. Rate limits are lifted through
 * configuration so that a hundred requests from one administrator all reach the service.
 */
describeEachBackend('banks under concurrency', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
  });
  afterAll(() => t.close());

  const calls = bankCalls(() => t);
  const put = (bankId: string, amount: number) => calls.put(bankId, admin, { amount });
  const capitalOf = async (id: string) => (await calls.storedBank(id)).capital;
  const { ledgerOf } = calls;

  async function newBank(capital: number): Promise<string> {
    const owner = await aPlayer(t);
    const response = await calls.createBank(admin, { ownerId: owner.character.id, name: 'Banco Concurrente', capital });
    expect(response.status).toBe(201);
    return response.body.bankId;
  }

  /** Each row's capitalAfter follows from the one before it: no change was lost or doubled. */
  function expectChained(ledger: BankLedgerEntryEntity[]): void {
    let capital = 0;
    for (const entry of ledger) {
      capital += entry.change;
      expect(entry.capitalAfter).toBe(capital);
    }
  }

  it('ends 100 concurrent PUTs of mixed amounts at the exact capital with 100 ledger rows', async () => {
    const start = 10_000;
    const bankId = await newBank(start);
    const amounts = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? -(i + 7) : i * 13 + 1));
    const responses = await Promise.all(amounts.map((amount) => put(bankId, amount)));
    expect(responses.map((response) => response.status)).toEqual(amounts.map(() => 200));

    const expected = start + amounts.reduce((sum, amount) => sum + amount, 0);
    expect(await capitalOf(bankId)).toBe(expected);
    const ledger = await ledgerOf(bankId);
    const moves = ledger.filter((entry) => entry.reason === 'adjusted');
    const byNumber = (a: number, b: number) => a - b;
    expect(moves).toHaveLength(100);
    expect(moves.reduce((sum, entry) => sum + entry.change, 0)).toBe(expected - start);
    expect(moves.map((entry) => entry.change).sort(byNumber)).toEqual([...amounts].sort(byNumber));
    expect(responses.map((response) => response.body.capital).sort(byNumber)).toEqual(
      moves.map((entry) => entry.capitalAfter).sort(byNumber),
    );
    expectChained(ledger);
  });

  it('lets exactly as many concurrent withdrawals through as the capital covers', async () => {
    const bankId = await newBank(100);
    const responses = await Promise.all(Array.from({ length: 30 }, () => put(bankId, -10)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    for (const refused of responses.filter((response) => response.status === 400)) {
      expect(refused.body).toEqual({ error: 'Insufficient capital' });
    }
    expect(await capitalOf(bankId)).toBe(0);
    const ledger = await ledgerOf(bankId);
    expect(ledger).toHaveLength(11);
    expectChained(ledger);
  });

  it('keeps the ledger exact when administrators set capital while others move it', async () => {
    const bankId = await newBank(1000);
    const sets = [500, 2000, 1500, 800, 3000];
    const requests = [
      ...Array.from({ length: 25 }, (_, i) => put(bankId, i % 2 ? 40 : -30)),
      ...sets.map((capital) => calls.patch(bankId, admin, { capital })),
    ];
    const responses = await Promise.all(requests);
    for (const response of responses) expect([200, 400]).toContain(response.status);
    // A set is absolute: no move interleaves between reading the old capital and writing the new.
    expect(responses.slice(25).map((response) => response.body.capital)).toEqual(sets);
    const ledger = await ledgerOf(bankId);
    expectChained(ledger);
    expect(ledger.at(-1)!.capitalAfter).toBe(await capitalOf(bankId));
    expect(ledger.filter((entry) => entry.reason === 'adjusted')).toHaveLength(
      responses.slice(0, 25).filter((response) => response.status === 200).length,
    );
  });

  it('answers 20 concurrent account creations for one character with one 201 and nineteen 409', async () => {
    const bankId = await newBank(0);
    const client = await aPlayer(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .http()
          .post(`/v1/banks/${bankId}/accounts`)
          .set('Cookie', client.cookie)
          .send({ characterId: client.character.id }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    for (const duplicate of responses.filter((response) => response.status === 409)) {
      expect(duplicate.body).toEqual({ error: 'Duplicate Account' });
    }
    const created = responses.find((response) => response.status === 201)!;
    const stored = await t.dataSource.getRepository(BankAccountEntity).findBy({ bankId });
    expect(stored.map((account) => account.id)).toEqual([created.body.accountId]);
  });
});
