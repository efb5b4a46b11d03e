import { BankAccountEntity } from '../../src/banks/bank-account.entity';
import { BankEntity } from '../../src/banks/bank.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO, SNOWFLAKE } from '../support/banks';
import { aBank, aPlayer, type Player } from '../support/factories';

describeEachBackend('bank reads and accounts', (backend) => {
  let t: TestApp;
  let serviceAdmin: Player;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend);
    serviceAdmin = await aPlayer(t, Permission.USER | Permission.SERVICE_ADMINISTRATOR);
    admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
  });
  afterAll(() => t.close());

  it('lists banks page by page for any signed-in user', async () => {
    const reader = await aPlayer(t);
    for (const name of ['Banco A', 'Banco B', 'Banco C']) await aBank(t, reader.character, { name });
    const total = await t.dataSource.getRepository(BankEntity).count();
    const first = await t.http().get('/v1/banks?page=1&limit=2').set('Cookie', reader.cookie);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ total, page: 1, limit: 2, totalPages: Math.ceil(total / 2) });
    expect(first.body.banks).toHaveLength(2);
    expect(Object.keys(first.body.banks[0]).sort()).toEqual(
      ['bankId', 'capital', 'createdAt', 'iconHash', 'name', 'ownerId', 'updatedAt'],
    );
    const all = await t.http().get('/v1/banks?limit=50').set('Cookie', reader.cookie);
    expect(all.body.banks.slice(0, 2)).toEqual(first.body.banks);
    const past = await t.http().get('/v1/banks?page=999').set('Cookie', reader.cookie);
    expect(past.body).toEqual({ banks: [], meta: { total, page: 999, limit: 20, totalPages: Math.ceil(total / 20) } });
    for (const query of ['page=0', 'limit=51', 'limit=x', 'page=1.5']) {
      const bad = await t.http().get(`/v1/banks?${query}`).set('Cookie', reader.cookie);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Invalid form of body');
    }
    expect((await t.http().get('/v1/banks')).status).toBe(401);
  });

  it('reads one bank for any signed-in user', async () => {
    const owner = await aPlayer(t);
    const bank = await aBank(t, owner.character, { capital: 77, name: 'Banco Uno' });
    const reader = await aPlayer(t);
    const response = await t.http().get(`/v1/banks/${bank.id}`).set('Cookie', reader.cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bankId: bank.id,
      ownerId: owner.character.id,
      name: 'Banco Uno',
      iconHash: null,
      capital: 77,
      createdAt: bank.createdAt.toISOString(),
      updatedAt: bank.updatedAt.toISOString(),
    });
    expect((await t.http().get('/v1/banks/999').set('Cookie', reader.cookie)).body).toEqual({ error: 'Unknown Bank' });
    expect((await t.http().get(`/v1/banks/${bank.id}`)).status).toBe(401);
  });

  it('shows the ledger to the owner, STAFF and ADMINISTRATOR only', async () => {
    const owner = await aPlayer(t);
    const bank = await aBank(t, owner.character);
    const ledger = (as: Player) => t.http().get(`/v1/banks/${bank.id}/ledger`).set('Cookie', as.cookie);
    const staff = await aPlayer(t, Permission.USER | Permission.STAFF);
    for (const reader of [owner, staff, admin]) {
      const response = await ledger(reader);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ entries: [], meta: { total: 0, page: 1, limit: 20, totalPages: 0 } });
    }
    expect((await ledger(await aPlayer(t))).body).toEqual({ error: 'Forbidden' });
    expect((await ledger(serviceAdmin)).status).toBe(403);
    expect((await t.http().get('/v1/banks/1/ledger').set('Cookie', staff.cookie)).status).toBe(404);
    expect((await t.http().get(`/v1/banks/${bank.id}/ledger?limit=0`).set('Cookie', staff.cookie)).status).toBe(400);
  });

  it('documents every bank endpoint in the OpenAPI document', async () => {
    const { paths } = (await t.http().get('/v1/openapi.json')).body;
    expect(Object.keys(paths['/v1/banks']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/banks/{bankId}']).sort()).toEqual(['get', 'patch', 'put']);
    expect(Object.keys(paths['/v1/banks/{bankId}/accounts']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/banks/{bankId}/ledger'])).toEqual(['get']);
    expect(Object.keys(paths['/v1/banks/{bankId}'].patch.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '429']),
    );
  });

  describe('accounts', () => {
    const open = (bankId: string, as: Player, body: object) =>
      t.http().post(`/v1/banks/${bankId}/accounts`).set('Cookie', as.cookie).send(body);
    const list = (bankId: string, as: Player) =>
      t.http().get(`/v1/banks/${bankId}/accounts`).set('Cookie', as.cookie);
    const accountsOf = (bankId: string) => t.dataSource.getRepository(BankAccountEntity).findBy({ bankId });

    it('opens one account per character per bank, for the caller\'s own characters', async () => {
      const banker = await aPlayer(t);
      const bank = await aBank(t, banker.character);
      const client = await aPlayer(t);
      const opened = await open(bank.id, client, { characterId: client.character.id });
      expect(opened.status).toBe(201);
      expect(opened.body).toEqual({
        accountId: expect.stringMatching(SNOWFLAKE),
        bankId: bank.id,
        characterId: client.character.id,
        balance: 0,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
      const again = await open(bank.id, client, { characterId: client.character.id });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'Duplicate Account' });

      const notMine = await open(bank.id, client, { characterId: banker.character.id });
      expect(notMine.status).toBe(404);
      expect(notMine.body).toEqual({ error: 'Unknown Character' });
      const byAdmin = await open(bank.id, admin, { characterId: banker.character.id });
      expect(byAdmin.status).toBe(201);
      expect((await open(bank.id, serviceAdmin, { characterId: (await aPlayer(t)).character.id })).status).toBe(201);

      const stored = await accountsOf(bank.id);
      expect(stored).toHaveLength(3);
      expect(stored.find((account) => account.id === opened.body.accountId)).toMatchObject({
        characterId: client.character.id,
        balance: 0,
      });
    });

    it('refuses bad input, unknown banks and unknown characters', async () => {
      const client = await aPlayer(t);
      const bank = await aBank(t, client.character);
      for (const body of [{}, { characterId: 5 }, { characterId: client.character.id, x: 1 }]) {
        const response = await open(bank.id, client, body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('Invalid form of body');
      }
      for (const characterId of ['123456789012345678', 'abc', '0']) {
        const unknownCharacter = await open(bank.id, client, { characterId });
        expect(unknownCharacter.status).toBe(404);
        expect(unknownCharacter.body).toEqual({ error: 'Unknown Character' });
      }
      for (const id of ['123456789012345678', 'bank']) {
        const unknownBank = await open(id, client, { characterId: client.character.id });
        expect(unknownBank.status).toBe(404);
        expect(unknownBank.body).toEqual({ error: 'Unknown Bank' });
      }
      expect((await t.http().post(`/v1/banks/${bank.id}/accounts`).send({ characterId: client.character.id })).status).toBe(401);
      expect(await accountsOf(bank.id)).toEqual([]);
    });

    it('lists accounts to the bank owner and STAFF only', async () => {
      const banker = await aPlayer(t);
      const bank = await aBank(t, banker.character);
      const staff = await aPlayer(t, Permission.USER | Permission.STAFF);
      expect((await list(bank.id, banker)).body).toEqual({ accounts: [] });
      const client = await aPlayer(t);
      const opened = (await open(bank.id, client, { characterId: client.character.id })).body;
      for (const reader of [banker, staff]) {
        const response = await list(bank.id, reader);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ accounts: [opened] });
      }
      for (const stranger of [client, admin]) {
        const response = await list(bank.id, stranger);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'Forbidden' });
      }
      expect((await list('123456789012345678', staff)).body).toEqual({ error: 'Unknown Bank' });
      expect((await t.http().get(`/v1/banks/${bank.id}/accounts`)).status).toBe(401);
    });
  });
});
