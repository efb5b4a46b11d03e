import { createHash } from 'node:crypto';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { bankCalls } from '../support/banks';
import { aBank, aPlayer, type Player } from '../support/factories';
import { aPng } from '../support/files';

describeEachBackend('bank updates', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
  });
  afterAll(() => t.close());

  const { storedBank, ledgerOf, patch } = bankCalls(() => t);

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

  it('answers a new owner that does not exist, or a malformed one, 404, changing nothing', async () => {
    const { owner, bank } = await ownedBank();
    for (const ownerId of ['123456789012345678', 'not-an-id']) {
      const response = await patch(bank.id, owner, { name: 'Banco Nuevo', ownerId });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown Character' });
    }
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

  it('sets an icon alone by multipart; a bad icon or a stranger changes and stores nothing', async () => {
    const { owner, bank } = await ownedBank();
    const multipart = (as: Player) => t.http().patch(`/v1/banks/${bank.id}`).set('Cookie', as.cookie);
    const strangersIcon = await aPng(8, 8, { r: 1, g: 2, b: 3 });
    const refused = await multipart(await aPlayer(t)).attach('icon', strangersIcon, 'icon.png');
    expect(refused.status).toBe(403);
    const strangersHash = `${createHash('sha256').update(strangersIcon).digest('hex')}.png`;
    expect((await t.http().get(`/v1/images/icons/${strangersHash}`)).status).toBe(404);

    for (const bad of [Buffer.from('not a png'), Buffer.concat([await aPng(8, 8), Buffer.from('x')]).subarray(0, 40)]) {
      const response = await multipart(owner).field('data', '{"name":"Banco Roto"}').attach('icon', bad, 'icon.png');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'Invalid form of body',
        details: expect.arrayContaining([expect.objectContaining({ field: 'icon' })]),
      });
    }
    expect(await storedBank(bank.id)).toMatchObject({ name: 'Banco Viejo', iconHash: null });

    const icon = await aPng(16, 16);
    const set = await multipart(owner).attach('icon', icon, 'icon.png');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ name: 'Banco Viejo', iconHash: `${createHash('sha256').update(icon).digest('hex')}.png` });
    expect((await storedBank(bank.id)).iconHash).toBe(set.body.iconHash);
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
