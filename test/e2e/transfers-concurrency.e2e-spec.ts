import { Permission } from '../../src/common/permissions/permission';
import { TransferEntity } from '../../src/money/transfer.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aPlayer } from '../support/factories';
import {
  account,
  accountBalance,
  anAccount,
  anApprovedPlayer,
  aServiceKey,
  type Caller,
  EXTERNAL,
  expectChained,
  storedEntries,
  transfer,
  wallet,
  walletBalance,
} from '../support/money';

const START = 10_000;

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describeEachBackend('transfers under concurrency', (backend) => {
  let t: TestApp;
  let server: Caller;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    const admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    server = { key: await aServiceKey(t, admin, Permission.SERVICE_ADMINISTRATOR) };
  });
  afterAll(() => t.close());

  type Holder = { ref: object; type: 'wallet' | 'account'; id: string };

  /** Five players, each with a wallet and an account: ten holders of START each. */
  async function tenHolders(): Promise<Holder[]> {
    const holders: Holder[] = [];
    for (let i = 0; i < 5; i++) {
      const player = await anApprovedPlayer(t);
      const { accountId } = await anAccount(t, player);
      holders.push({ ref: wallet(player.character.id), type: 'wallet', id: player.character.id });
      holders.push({ ref: account(accountId), type: 'account', id: accountId });
    }
    for (const holder of holders) {
      expect((await transfer(t, server, { from: EXTERNAL, to: holder.ref, amount: START })).status).toBe(201);
    }
    return holders;
  }

  const balanceOf = (holder: Holder) => (holder.type === 'wallet' ? walletBalance(t, holder.id) : accountBalance(t, holder.id));

  it('ends 200 concurrent transfers in random directions with the total unchanged and every statement chained', async () => {
    const holders = await tenHolders();
    const next = random(backend.name.length);
    const bodies = Array.from({ length: 200 }, () => {
      const from = Math.floor(next() * holders.length);
      const to = (from + 1 + Math.floor(next() * (holders.length - 1))) % holders.length;
      return { from: holders[from].ref, to: holders[to].ref, amount: 1 + Math.floor(next() * 4_000) };
    });
    const responses = await Promise.all(bodies.map((body) => transfer(t, server, body)));

    const outcomes = responses.map((response) => `${response.status} ${response.body.error ?? ''}`.trim());
    expect(outcomes.filter((outcome) => outcome !== '201' && outcome !== '400 Insufficient funds')).toEqual([]);
    const balances = await Promise.all(holders.map(balanceOf));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(START * holders.length);
    let entries = 0;
    for (const [index, holder] of holders.entries()) {
      expect(balances[index]).toBeGreaterThanOrEqual(0);
      const statement = await storedEntries(t, holder.type, holder.id);
      expectChained(statement, balances[index]);
      entries += statement.length - 1;
    }
    expect(entries).toBe(2 * outcomes.filter((outcome) => outcome === '201').length);
  });

  it('moves money once for the same request sent 20 times at once with one Idempotency-Key', async () => {
    const [payer, payee] = await tenHolders();
    const body = { from: payer.ref, to: payee.ref, amount: 777, memo: 'Una vez' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => transfer(t, server, body, 'same-key-20-at-once')));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    for (const response of responses) expect(response.body).toEqual(responses[0].body);
    expect(await balanceOf(payer)).toBe(START - 777);
    expect(await balanceOf(payee)).toBe(START + 777);
    expect(await t.dataSource.getRepository(TransferEntity).countBy({ memo: 'Una vez' })).toBe(1);
  });
});
