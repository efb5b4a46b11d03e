import { createHash } from 'node:crypto';
import { BankEntity } from '../../src/banks/bank.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { bankCalls, ISO, MAX_CAPITAL as MAX, SNOWFLAKE } from '../support/banks';
import { aBank, aPlayer, type Player } from '../support/factories';
import { aPng, bytesOf } from '../support/files';

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

  const calls = bankCalls(() => t);
  const { storedBank, ledgerOf, patch, put } = calls;
  const createBank = (body: object, as: Player = serviceAdmin) => calls.createBank(as, body);

  it('lives a whole life: created, renamed, given an icon, capital set and moved, refused below zero, handed over', async () => {
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

    const icon = await aPng(32, 32);
    const iconHash = `${createHash('sha256').update(icon).digest('hex')}.png`;
    const withIcon = await t
      .http()
      .patch(`/v1/banks/${bankId}`)
      .set('Cookie', owner.cookie)
      .field('data', JSON.stringify({ name: 'Banco con Icono' }))
      .attach('icon', icon, 'icon.png');
    expect(withIcon.status).toBe(200);
    expect(withIcon.body).toMatchObject({ bankId, name: 'Banco con Icono', iconHash, capital: 1000 });
    expect(await storedBank(bankId)).toMatchObject({ name: 'Banco con Icono', iconHash });
    const served = await bytesOf(t.http().get(`/v1/images/icons/${iconHash}`));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.body.equals(icon)).toBe(true);

    const set = await patch(bankId, admin, { capital: 5000 });
    expect(set.status).toBe(200);
    expect(set.body.capital).toBe(5000);

    expect((await put(bankId, admin, { amount: 250 })).body.capital).toBe(5250);
    const down = await put(bankId, admin, { amount: -1250 });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ bankId, capital: 4000, name: 'Banco con Icono', iconHash });

    const refused = await put(bankId, admin, { amount: -4001 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Insufficient capital' });
    expect((await storedBank(bankId)).capital).toBe(4000);

    const handedOver = await patch(bankId, owner, { ownerId: heir.character.id });
    expect(handedOver.status).toBe(200);
    expect(handedOver.body.ownerId).toBe(heir.character.id);
    expect((await storedBank(bankId)).ownerId).toBe(heir.character.id);
    expect((await patch(bankId, owner, { name: 'Ya no es mío' })).status).toBe(403);
    expect((await patch(bankId, heir, { name: 'Banco Heredado' })).body).toMatchObject({ name: 'Banco Heredado', iconHash });

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
      for (const ownerId of ['123456789012345678', 'abc', '01', '99999999999999999999']) {
        const unknown = await createBank({ ownerId, name: 'Banco' });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ error: 'Unknown Character' });
      }
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
});
