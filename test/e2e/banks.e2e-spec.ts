import { BankAccountEntity } from '../../src/banks/bank-account.entity';
import { BankLedgerEntryEntity } from '../../src/banks/bank-ledger-entry.entity';
import { BankEntity } from '../../src/banks/bank.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aBank, aPlayer, type Player } from '../support/factories';

const MAX = 9007199254740991;
const SNOWFLAKE = /^[1-9]\d{17,18}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachBackend('banks', (backend) => {
  let t: TestApp;
  let serviceAdmin: Player;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend);
    serviceAdmin = await aPlayer(t, Permission.USER | Permission.SERVICE_ADMINISTRATOR);
    admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
  });
  afterAll(() => t.close());

  const storedBank = (id: string) => t.dataSource.getRepository(BankEntity).findOneByOrFail({ id });
  const ledgerOf = (bankId: string) =>
    t.dataSource.getRepository(BankLedgerEntryEntity).find({ where: { bankId }, order: { id: 'ASC' } });
  const createBank = (body: object, as: Player = serviceAdmin) =>
    t.http().post('/v1/banks').set('Cookie', as.cookie).send(body);
  const patch = (bankId: string, as: Player, body?: object) => {
    const call = t.http().patch(`/v1/banks/${bankId}`).set('Cookie', as.cookie);
    return body === undefined ? call : call.send(body);
  };
  const put = (bankId: string, as: Player, body: object) =>
    t.http().put(`/v1/banks/${bankId}`).set('Cookie', as.cookie).send(body);

  it('lives a whole life: created, renamed, capital set and moved, refused below zero, handed over', async () => {
    const owner = await aPlayer(t);
    const heir = await aPlayer(t);

    const plain = await createBank({ ownerId: owner.character.id, name: 'Banco Sin Capital' });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual({
      bankId: expect.stringMatching(SNOWFLAKE),
      ownerId: owner.character.id,
      name: 'Banco Sin Capital',
      iconHash: null,
      capital: 0,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect((await storedBank(plain.body.bankId)).capital).toBe(0);

    const created = await createBank({ ownerId: owner.character.id, name: '  Banco del Sur  ', capital: 1000 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Banco del Sur', capital: 1000, ownerId: owner.character.id });
    const bankId: string = created.body.bankId;

    const renamed = await patch(bankId, owner, { name: 'Banco del Norte' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ bankId, name: 'Banco del Norte', capital: 1000 });
    expect((await storedBank(bankId)).name).toBe('Banco del Norte');

    const set = await patch(bankId, admin, { capital: 5000 });
    expect(set.status).toBe(200);
    expect(set.body.capital).toBe(5000);

    expect((await put(bankId, admin, { amount: 250 })).body.capital).toBe(5250);
    const down = await put(bankId, admin, { amount: -1250 });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ bankId, capital: 4000, name: 'Banco del Norte' });

    const refused = await put(bankId, admin, { amount: -4001 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Insufficient capital' });
    expect((await storedBank(bankId)).capital).toBe(4000);

    const handedOver = await patch(bankId, owner, { ownerId: heir.character.id });
    expect(handedOver.status).toBe(200);
    expect(handedOver.body.ownerId).toBe(heir.character.id);
    expect((await storedBank(bankId)).ownerId).toBe(heir.character.id);
    expect((await patch(bankId, owner, { name: 'Ya no es mío' })).status).toBe(403);
    expect((await patch(bankId, heir, { name: 'Banco Heredado' })).body.name).toBe('Banco Heredado');

    const ledger = await ledgerOf(bankId);
    expect(ledger.map(({ actorUserId, change, capitalAfter, reason }) => ({ actorUserId, change, capitalAfter, reason }))).toEqual([
      { actorUserId: serviceAdmin.user.id, change: 1000, capitalAfter: 1000, reason: 'created' },
      { actorUserId: admin.user.id, change: 4000, capitalAfter: 5000, reason: 'set' },
      { actorUserId: admin.user.id, change: 250, capitalAfter: 5250, reason: 'adjusted' },
      { actorUserId: admin.user.id, change: -1250, capitalAfter: 4000, reason: 'adjusted' },
    ]);

    const page = await t.http().get(`/v1/banks/${bankId}/ledger?limit=3`).set('Cookie', heir.cookie);
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(page.body.entries.map((entry: { change: number }) => entry.change)).toEqual([-1250, 250, 4000]);
    expect(page.body.entries[0]).toEqual({
      entryId: ledger[3].id,
      bankId,
      actorUserId: admin.user.id,
      change: -1250,
      capitalAfter: 4000,
      reason: 'adjusted',
      createdAt: expect.stringMatching(ISO),
    });
  });

  describe('POST /v1/banks', () => {
    it('needs a session and SERVICE_ADMINISTRATOR', async () => {
      const owner = await aPlayer(t);
      const body = { ownerId: owner.character.id, name: 'Banco' };
      expect((await t.http().post('/v1/banks').send(body)).status).toBe(401);
      const forbidden = await createBank(body, admin);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
      expect(await t.dataSource.getRepository(BankEntity).countBy({ ownerId: owner.character.id })).toBe(0);
    });

    it.each([
      [{ name: 'Banco' }, 'ownerId'],
      [{ ownerId: 'OWNER' }, 'name'],
      [{ ownerId: 'OWNER', name: 7 }, 'name'],
      [{ ownerId: 'OWNER', name: 'B' }, 'name'],
      [{ ownerId: 'OWNER', name: 'x'.repeat(65) }, 'name'],
      [{ ownerId: 'OWNER', name: 'Banco', capital: -1 }, 'capital'],
      [{ ownerId: 'OWNER', name: 'Banco', capital: 1.5 }, 'capital'],
      [{ ownerId: 'OWNER', name: 'Banco', capital: '10' }, 'capital'],
      [{ ownerId: 'OWNER', name: 'Banco', capital: MAX + 1 }, 'capital'],
      [{ ownerId: 'OWNER', name: 'Banco', capital: null }, 'capital'],
      [{ ownerId: 12345, name: 'Banco' }, 'ownerId'],
      [{ ownerId: 'abc', name: 'Banco' }, 'ownerId'],
      [{ ownerId: 'OWNER', name: 'Banco', iconHash: 'x' }, 'iconHash'],
    ])('refuses %j with 400 naming %s', async (template, field) => {
      const owner = await aPlayer(t);
      const body = JSON.parse(JSON.stringify(template).replace('"OWNER"', `"${owner.character.id}"`));
      const response = await createBank(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
      expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await t.dataSource.getRepository(BankEntity).countBy({ ownerId: owner.character.id })).toBe(0);
    });

    it('accepts the largest capital and answers an unknown owner 404', async () => {
      const owner = await aPlayer(t);
      const rich = await createBank({ ownerId: owner.character.id, name: 'Banco Máximo', capital: MAX });
      expect(rich.status).toBe(201);
      expect(rich.body.capital).toBe(MAX);
      expect((await storedBank(rich.body.bankId)).capital).toBe(MAX);
      const unknown = await createBank({ ownerId: '123456789012345678', name: 'Banco' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Unknown Character' });
    });
  });

  describe('PATCH /v1/banks/:bankId', () => {
    async function ownedBank(capital = 100) {
      const owner = await aPlayer(t);
      const bank = await aBank(t, owner.character, { capital, name: 'Banco Viejo' });
      return { owner, bank };
    }

    it('refuses capital from the owner without ADMINISTRATOR, changing nothing', async () => {
      const { owner, bank } = await ownedBank();
      const response = await patch(bank.id, owner, { name: 'Banco Nuevo', capital: 999 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden' });
      expect(await storedBank(bank.id)).toMatchObject({ name: 'Banco Viejo', capital: 100 });
      expect(await ledgerOf(bank.id)).toEqual([]);
    });

    it('lets an owner who is ADMINISTRATOR set capital, and an administrator change anything', async () => {
      const owner = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
      const bank = await aBank(t, owner.character, { capital: 100 });
      expect((await patch(bank.id, owner, { capital: 40 })).body.capital).toBe(40);
      const other = await aPlayer(t);
      const byAdmin = await patch(bank.id, admin, { name: 'Banco Admin', ownerId: other.character.id, capital: 40 });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ name: 'Banco Admin', ownerId: other.character.id, capital: 40 });
      // Setting the capital it already has is no change, so no ledger row.
      expect((await ledgerOf(bank.id)).map((entry) => [entry.change, entry.capitalAfter, entry.reason])).toEqual([
        [-60, 40, 'set'],
      ]);
    });

    it('answers strangers 403 and unknown or malformed banks 404', async () => {
      const { bank } = await ownedBank();
      const stranger = await aPlayer(t, Permission.USER | Permission.STAFF);
      expect((await patch(bank.id, stranger, { name: 'Mío' })).body).toEqual({ error: 'Forbidden' });
      for (const id of ['123456789012345678', 'nope', '-1']) {
        const response = await patch(id, stranger, { name: 'Mío' });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Unknown Bank' });
      }
      expect((await storedBank(bank.id)).name).toBe('Banco Viejo');
    });

    it('answers a new owner that does not exist 404, changing nothing', async () => {
      const { owner, bank } = await ownedBank();
      const response = await patch(bank.id, owner, { name: 'Banco Nuevo', ownerId: '123456789012345678' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown Character' });
      expect(await storedBank(bank.id)).toMatchObject({ name: 'Banco Viejo', ownerId: owner.character.id });
    });

    it('refuses empty bodies, no recognized fields and wrong types with 400', async () => {
      const { owner, bank } = await ownedBank();
      const cases: Array<[object | undefined, string]> = [
        [undefined, 'body'],
        [{}, 'body'],
        [{ colour: 'red' }, 'colour'],
        [{ name: 12 }, 'name'],
        [{ name: null }, 'name'],
      ];
      for (const [body, field] of cases) {
        const response = await patch(bank.id, owner, body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: 'Invalid form of body',
          details: expect.arrayContaining([expect.objectContaining({ field })]),
        });
      }
      const other = await ownedBank();
      const clerk = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
      for (const [body, field] of [
        [{ ownerId: 5 }, 'ownerId'],
        [{ capital: '5' }, 'capital'],
        [{ capital: -5 }, 'capital'],
      ] as const) {
        const response = await patch(other.bank.id, clerk, body);
        expect(response.status).toBe(400);
        expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      }
      expect(await storedBank(bank.id)).toMatchObject({ name: 'Banco Viejo', capital: 100 });
      expect(await storedBank(other.bank.id)).toMatchObject({ name: 'Banco Viejo', capital: 100 });
    });

    it('allows 5 requests a minute per user, then 429', async () => {
      const { owner, bank } = await ownedBank();
      for (let i = 1; i <= 5; i += 1) expect((await patch(bank.id, owner, { name: `Banco ${i}` })).status).toBe(200);
      const limited = await patch(bank.id, owner, { name: 'Banco 6' });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
      expect((await storedBank(bank.id)).name).toBe('Banco 5');
    });
  });

  describe('PUT /v1/banks/:bankId', () => {
    it('needs ADMINISTRATOR', async () => {
      const owner = await aPlayer(t);
      const bank = await aBank(t, owner.character, { capital: 10 });
      const response = await put(bank.id, owner, { amount: 5 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
      expect((await t.http().put(`/v1/banks/${bank.id}`).send({ amount: 5 })).status).toBe(401);
      expect((await storedBank(bank.id)).capital).toBe(10);
    });

    it('refuses bad amounts and answers unknown banks 404', async () => {
      const clerk = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
      const bank = await aBank(t, clerk.character, { capital: 10 });
      for (const body of [{}, { amount: 0 }, { amount: 1.5 }, { amount: '5' }, { amount: 5, extra: 1 }]) {
        const response = await put(bank.id, clerk, body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('Invalid form of body');
      }
      expect((await storedBank(bank.id)).capital).toBe(10);
      expect((await ledgerOf(bank.id)).length).toBe(0);
      const other = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
      expect((await put('123456789012345678', other, { amount: 5 })).body).toEqual({ error: 'Unknown Bank' });
      expect((await put('x1', other, { amount: 5 })).body).toEqual({ error: 'Unknown Bank' });
    });

    it('never takes capital past its maximum, and allows 5 requests a minute', async () => {
      const clerk = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
      const bank = await aBank(t, clerk.character, { capital: MAX - 10 });
      const over = await put(bank.id, clerk, { amount: 11 });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ error: 'Invalid form of body', details: [expect.objectContaining({ field: 'amount' })] });
      expect((await put(bank.id, clerk, { amount: 10 })).body.capital).toBe(MAX);
      expect((await storedBank(bank.id)).capital).toBe(MAX);
      for (let i = 0; i < 3; i += 1) expect((await put(bank.id, clerk, { amount: -1 })).status).toBe(200);
      expect((await put(bank.id, clerk, { amount: -1 })).status).toBe(429);
      expect((await storedBank(bank.id)).capital).toBe(MAX - 3);
    });
  });

  describe('reads', () => {
    it('lists banks page by page for any signed-in user', async () => {
      const reader = await aPlayer(t);
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
      for (const body of [{}, { characterId: 5 }, { characterId: 'abc' }, { characterId: client.character.id, x: 1 }]) {
        const response = await open(bank.id, client, body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('Invalid form of body');
      }
      const unknownCharacter = await open(bank.id, client, { characterId: '123456789012345678' });
      expect(unknownCharacter.body).toEqual({ error: 'Unknown Character' });
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
