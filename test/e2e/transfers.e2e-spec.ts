import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { IdempotencyKeyEntity } from '../../src/money/idempotency-key.entity';
import { TransferEntity } from '../../src/money/transfer.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO, MAX_CAPITAL, SNOWFLAKE } from '../support/banks';
import { aBank, type Player } from '../support/factories';
import {
  account,
  accountBalance,
  anAccount,
  anApprovedPlayer,
  aServiceKey,
  EXTERNAL,
  storedEntries,
  transfer,
  wallet,
  walletBalance,
  withCaller,
} from '../support/money';

describeEachBackend('transfers and statements', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    admin = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
  });
  afterAll(() => t.close());

  /** A player with `amount` in their wallet, paid in by the administrator. */
  async function aFundedPlayer(amount: number): Promise<Player> {
    const player = await anApprovedPlayer(t);
    if (amount > 0) expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount })).status).toBe(201);
    return player;
  }

  const walletStatement = (as: Player, query = '', owner: Player = as) =>
    t.http().get(`/v1/users/${owner.user.id}/characters/${owner.character.id}/wallet/statement${query}`).set('Cookie', as.cookie);

  it('moves money wallet to own account and back, each movement on both statements', async () => {
    const player = await aFundedPlayer(500);
    const { accountId, bankId } = await anAccount(t, player);

    const out = await transfer(t, player, { from: wallet(player.character.id), to: account(accountId), amount: 300 });
    expect(out.status).toBe(201);
    expect(out.body).toEqual({
      transferId: expect.stringMatching(SNOWFLAKE),
      from: wallet(player.character.id),
      to: account(accountId),
      amount: 300,
      memo: null,
      createdAt: expect.stringMatching(ISO),
    });
    const back = await transfer(t, player, { from: account(accountId), to: wallet(player.character.id), amount: 120, memo: 'Retiro' });
    expect(back.status).toBe(201);
    expect(await walletBalance(t, player.character.id)).toBe(320);
    expect(await accountBalance(t, accountId)).toBe(180);

    const walletPage = await walletStatement(player);
    expect(walletPage.status).toBe(200);
    expect(walletPage.body.nextBefore).toBeNull();
    expect(walletPage.body.entries).toEqual([
      { entryId: expect.stringMatching(SNOWFLAKE), transferId: back.body.transferId, amount: 120, balanceAfter: 320, counterparty: account(accountId), memo: 'Retiro', createdAt: back.body.createdAt },
      { entryId: expect.stringMatching(SNOWFLAKE), transferId: out.body.transferId, amount: -300, balanceAfter: 200, counterparty: account(accountId), memo: null, createdAt: out.body.createdAt },
      { entryId: expect.stringMatching(SNOWFLAKE), transferId: expect.any(String), amount: 500, balanceAfter: 500, counterparty: EXTERNAL, memo: null, createdAt: expect.stringMatching(ISO) },
    ]);
    const accountPage = await t.http().get(`/v1/banks/${bankId}/accounts/${accountId}/statement`).set('Cookie', player.cookie);
    expect(accountPage.status).toBe(200);
    expect(accountPage.body.entries.map((e: { amount: number; balanceAfter: number }) => [e.amount, e.balanceAfter])).toEqual([
      [-120, 180],
      [300, 300],
    ]);
    expect(accountPage.body.entries[0].counterparty).toEqual(wallet(player.character.id));
    expect((await storedEntries(t, 'account', accountId)).map((entry) => entry.amount)).toEqual([300, -120]);

    const accountJson = await t.http().get(`/v1/banks/${bankId}/accounts/${accountId}`).set('Cookie', player.cookie);
    expect(accountJson.body).toMatchObject({ accountId, bankId, characterId: player.character.id, balance: 180 });
    const character = await t.http().get(`/v1/users/@me/characters/${player.character.id}`).set('Cookie', player.cookie);
    expect(character.body.wallet.balance).toBe(320);
  });

  it('refuses a transfer above the balance with 400 Insufficient funds and changes nothing', async () => {
    const player = await aFundedPlayer(100);
    const other = await anApprovedPlayer(t);
    const refused = await transfer(t, player, { from: wallet(player.character.id), to: wallet(other.character.id), amount: 101 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Insufficient funds' });
    expect(await walletBalance(t, player.character.id)).toBe(100);
    expect(await walletBalance(t, other.character.id)).toBe(0);
    expect(await storedEntries(t, 'wallet', player.character.id)).toHaveLength(1);
    expect(await storedEntries(t, 'wallet', other.character.id)).toHaveLength(0);
  });

  it("refuses moving someone else's money (403), external without the right (403), unknown holders (404) and frozen ones (409) first", async () => {
    const player = await aFundedPlayer(50);
    const thief = await aFundedPlayer(50);
    const frozen = await aFundedPlayer(50);
    await t.dataSource.getRepository(WalletEntity).update({ characterId: frozen.character.id }, { frozen: true });
    const cases: [object, number, string][] = [
      [{ from: wallet(player.character.id), to: wallet(thief.character.id), amount: 10 }, 403, 'Forbidden'],
      [{ from: wallet(thief.character.id), to: EXTERNAL, amount: 10 }, 403, 'Forbidden'],
      [{ from: EXTERNAL, to: wallet(thief.character.id), amount: 10 }, 403, 'Forbidden'],
      [{ from: wallet('999999999999999999'), to: wallet(thief.character.id), amount: 10 }, 404, 'Unknown Wallet'],
      [{ from: wallet(player.character.id), to: account('999999999999999999'), amount: 10 }, 404, 'Unknown Account'],
      [{ from: wallet('not-an-id'), to: wallet(thief.character.id), amount: 10 }, 404, 'Unknown Wallet'],
      [{ from: wallet(player.character.id), to: account('not-an-id'), amount: 10 }, 404, 'Unknown Account'],
      [{ from: wallet(frozen.character.id), to: wallet(thief.character.id), amount: 10 }, 409, 'Frozen'],
    ];
    // SERVICE_ADMINISTRATOR moves anyone's money only in a service key's hands, never a person's.
    for (const caller of [thief, await anApprovedPlayer(t, Permission.USER | Permission.SERVICE_ADMINISTRATOR)]) {
      for (const [body, status, error] of cases) {
        const response = await transfer(t, caller, body);
        expect([response.status, response.body.error]).toEqual([status, error]);
      }
    }
    expect(await walletBalance(t, player.character.id)).toBe(50);
    expect(await walletBalance(t, thief.character.id)).toBe(50);
    expect(await walletBalance(t, frozen.character.id)).toBe(50);
  });

  it("lets an administrator move anyone's money, and refuses a credit past 2^53−1", async () => {
    const player = await aFundedPlayer(40);
    const other = await anApprovedPlayer(t);
    expect((await transfer(t, admin, { from: wallet(player.character.id), to: wallet(other.character.id), amount: 40 })).status).toBe(201);
    await t.dataSource.getRepository(WalletEntity).update({ characterId: other.character.id }, { balance: MAX_CAPITAL - 5 });
    const over = await transfer(t, admin, { from: EXTERNAL, to: wallet(other.character.id), amount: 6 });
    expect([over.status, over.body]).toEqual([400, { error: 'Balance limit exceeded' }]);
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(other.character.id), amount: 5 })).status).toBe(201);
    expect(await walletBalance(t, other.character.id)).toBe(MAX_CAPITAL);
  });

  it('rejects malformed bodies and headers with 400, moving nothing', async () => {
    const player = await aFundedPlayer(10);
    const to = wallet(admin.character.id);
    const from = wallet(player.character.id);
    const bodies = [
      { from, to, amount: 0 },
      { from, to, amount: 1.5 },
      { from, to, amount: '5' },
      { from, to, amount: MAX_CAPITAL + 1 },
      { from, to: from, amount: 1 },
      { from: EXTERNAL, to: EXTERNAL, amount: 1 },
      { from: { type: 'wallet' }, to, amount: 1 },
      { from: { type: 'wallet', characterId: player.character.id, accountId: '1' }, to, amount: 1 },
      { from: { type: 'bank' }, to, amount: 1 },
      { from, to, amount: 1, memo: 'x'.repeat(141) },
      { from, to, amount: 1, extra: true },
      { to, amount: 1 },
    ];
    for (const body of bodies) {
      const response = await transfer(t, player, body);
      expect([response.status, response.body.error]).toEqual([400, 'Invalid form of body']);
    }
    for (const key of [undefined, 'short', 'x'.repeat(65), 'has space!']) {
      const call = t.http().post('/v1/transfers').set('Cookie', player.cookie);
      const response = await (key === undefined ? call : call.set('Idempotency-Key', key)).send({ from, to, amount: 1 });
      expect(response.status).toBe(400);
      expect(response.body.details[0].field).toBe('Idempotency-Key');
    }
    expect(await walletBalance(t, player.character.id)).toBe(10);
  });

  it('replays the first answer for the same key and body, 409 for another body, and keeps refused keys unused', async () => {
    const player = await aFundedPlayer(100);
    const body = { from: wallet(player.character.id), to: wallet(admin.character.id), amount: 30, memo: 'Compra' };
    const first = await transfer(t, player, body, 'pago-0001');
    const again = await transfer(t, player, body, 'pago-0001');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await walletBalance(t, player.character.id)).toBe(70);
    const reused = await transfer(t, player, { ...body, amount: 31 }, 'pago-0001');
    expect([reused.status, reused.body]).toEqual([409, { error: 'Idempotency-Key reused' }]);
    // Keys are per principal: the administrator's 'pago-0001' is another key.
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 1 }, 'pago-0001')).status).toBe(201);

    const tooMuch = { ...body, amount: 1000 };
    expect((await transfer(t, player, tooMuch, 'pago-0002')).status).toBe(400);
    expect(await t.dataSource.getRepository(IdempotencyKeyEntity).existsBy({ principalId: player.user.id, key: 'pago-0002' })).toBe(false);
    expect((await transfer(t, player, { ...body, amount: 5 }, 'pago-0002')).status).toBe(201);
    expect(await walletBalance(t, player.character.id)).toBe(66);
  });

  it('frees a key after 24 hours', async () => {
    const player = await aFundedPlayer(100);
    const body = { from: wallet(player.character.id), to: wallet(admin.character.id), amount: 1 };
    expect((await transfer(t, player, body, 'dia-anterior')).status).toBe(201);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.dataSource.getRepository(IdempotencyKeyEntity).update({ principalId: player.user.id, key: 'dia-anterior' }, { createdAt: old });
    const later = await transfer(t, player, { ...body, amount: 2 }, 'dia-anterior');
    expect(later.status).toBe(201);
    expect(await walletBalance(t, player.character.id)).toBe(97);
  });

  it('pages statements newest first with before and limit; a foreign before is 400', async () => {
    const player = await aFundedPlayer(10);
    for (let i = 1; i <= 4; i++) {
      await transfer(t, player, { from: wallet(player.character.id), to: wallet(admin.character.id), amount: i });
    }
    const first = await walletStatement(player, '?limit=2');
    expect(first.body.entries.map((e: { amount: number }) => e.amount)).toEqual([-4, -3]);
    expect(first.body.nextBefore).toBe(first.body.entries[1].entryId);
    const second = await walletStatement(player, `?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.entries.map((e: { amount: number }) => e.amount)).toEqual([-2, -1]);
    const last = await walletStatement(player, `?limit=2&before=${second.body.nextBefore}`);
    expect(last.body).toEqual({ entries: [expect.objectContaining({ amount: 10, balanceAfter: 10 })], nextBefore: null });

    const foreign = (await storedEntries(t, 'wallet', admin.character.id))[0].id;
    for (const query of [`?before=${foreign}`, '?before=abc', '?limit=0', '?limit=101', '?limit=x']) {
      const response = await walletStatement(player, query);
      expect([response.status, response.body.error]).toEqual([400, 'Invalid form of body']);
    }
  });

  it('shows statements to the holder, STAFF, ADMINISTRATOR and any service key only; 404 for unknown ones', async () => {
    const player = await aFundedPlayer(10);
    const stranger = await anApprovedPlayer(t);
    const staff = await anApprovedPlayer(t, Permission.USER | Permission.STAFF);
    expect((await walletStatement(stranger, '', player)).status).toBe(403);
    expect((await walletStatement(staff, '', player)).status).toBe(200);
    expect((await walletStatement(admin, '', player)).status).toBe(200);
    const anyKey = { key: await aServiceKey(t, admin, Permission.USER) };
    const byKey = withCaller(t.http().get(`/v1/users/${player.user.id}/characters/${player.character.id}/wallet/statement`), anyKey);
    expect((await byKey).status).toBe(200);
    const missing = await t.http().get(`/v1/users/${player.user.id}/characters/999999999999999999/wallet/statement`).set('Cookie', player.cookie);
    expect([missing.status, missing.body.error]).toEqual([404, 'Unknown Character']);
    const malformed = await t.http().get(`/v1/users/${player.user.id}/characters/not-an-id/wallet/statement`).set('Cookie', player.cookie);
    expect([malformed.status, malformed.body.error]).toEqual([404, 'Unknown Character']);

    const { accountId, bankId } = await anAccount(t, player);
    const path = `/v1/banks/${bankId}/accounts/${accountId}`;
    expect((await t.http().get(`${path}/statement`).set('Cookie', stranger.cookie)).status).toBe(403);
    expect((await t.http().get(path).set('Cookie', stranger.cookie)).status).toBe(403);
    expect((await t.http().get(`${path}/statement`).set('Cookie', staff.cookie)).status).toBe(200);
    expect((await t.http().get(`/v1/banks/${bankId}/accounts/999999999999999999`).set('Cookie', player.cookie)).body).toEqual({ error: 'Unknown Account' });
    expect((await t.http().get(`/v1/banks/999999999999999999/accounts/${accountId}`).set('Cookie', player.cookie)).body).toEqual({ error: 'Unknown Bank' });
  });

  it("hides a customer's account and its statement from the bank's owner", async () => {
    const customer = await aFundedPlayer(50);
    const banker = await anApprovedPlayer(t);
    const bank = await aBank(t, banker.character);
    const opened = await t.http().post(`/v1/banks/${bank.id}/accounts`).set('Cookie', customer.cookie).send({ characterId: customer.character.id });
    expect(opened.status).toBe(201);
    const accountId = opened.body.accountId as string;
    expect((await transfer(t, customer, { from: wallet(customer.character.id), to: account(accountId), amount: 30 })).status).toBe(201);

    const path = `/v1/banks/${bank.id}/accounts/${accountId}`;
    for (const route of [path, `${path}/statement`]) {
      expect(await t.http().get(route).set('Cookie', banker.cookie)).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
      expect((await t.http().get(route).set('Cookie', customer.cookie)).status).toBe(200);
    }
    expect(await accountBalance(t, accountId)).toBe(30);
  });

  it('documents the money routes in the OpenAPI document', async () => {
    const { paths } = (await t.http().get('/v1/openapi.json')).body;
    const post = paths['/v1/transfers'].post;
    expect(post.parameters).toEqual(
      expect.arrayContaining([{ name: 'Idempotency-Key', in: 'header', required: true, description: '8–64 of `[A-Za-z0-9_-]`, chosen by the client per request', schema: expect.anything() }]),
    );
    expect(post.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '403', '404', '409']));
    for (const path of [
      '/v1/users/{userId}/characters/{characterId}/wallet/statement',
      '/v1/banks/{bankId}/accounts/{accountId}/statement',
      '/v1/banks/{bankId}/accounts/{accountId}',
      '/v1/service-keys',
      '/v1/gameplatform/players/{externalId}',
    ]) {
      expect(paths[path]?.get).toBeDefined();
    }
    expect(paths['/v1/users/{userId}/providers/{provider}'].delete).toBeDefined();
  });

  it('records the actor of every transfer', async () => {
    const player = await aFundedPlayer(5);
    const response = await transfer(t, player, { from: wallet(player.character.id), to: wallet(admin.character.id), amount: 5 });
    const stored = await t.dataSource.getRepository(TransferEntity).findOneByOrFail({ id: response.body.transferId });
    expect(stored).toMatchObject({ actorType: 'user', actorId: player.user.id, amount: 5, fromType: 'wallet', toType: 'wallet' });
  });
});
