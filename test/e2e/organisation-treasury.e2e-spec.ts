import { Permission } from '../../src/common/permissions/permission';
import { OrganisationEntity } from '../../src/organisations/organisation.entity';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { SNOWFLAKE } from '../support/banks';
import type { Player } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, expectChained, storedEntries, transfer, wallet, walletBalance } from '../support/money';
import { anOrganisation, appWithAdministrator, hire, POLICE_GRADES, treasury, treasuryBalance } from '../support/organisations';

describeEachBackend('organisation treasuries', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  /** Grades: 0 recruit, 1 sergeant (view_treasury, no withdraw), 2 treasurer (withdraw), 3 chief. */
  async function aBusiness() {
    const grades = [...POLICE_GRADES.slice(0, 2), { name: 'Tesorero', salary: 0, rights: ['withdraw'] }, POLICE_GRADES[2]];
    const [boss, sergeant, treasurer, recruit] = [await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t)];
    const { organisationId } = await anOrganisation(t, admin, { type: 'business', grades, bossCharacterId: boss.character.id });
    for (const [member, grade] of [[sergeant, 1], [treasurer, 2], [recruit, 0]] as const) {
      expect((await hire(t, boss, organisationId, member.character.id, grade)).status).toBe(201);
    }
    return { organisationId, boss, sergeant, treasurer, recruit };
  }

  async function fund(player: Player, amount: number) {
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount })).status).toBe(201);
  }

  const statement = (caller: Player, organisationId: string, query = '') =>
    t.http().get(`/v1/organisations/${organisationId}/treasury/statement${query}`).set('Cookie', caller.cookie);

  it('anyone pays in; only `withdraw` (bosses included) takes out; every move on both statements', async () => {
    const { organisationId, boss, sergeant, treasurer, recruit } = await aBusiness();
    const customer = await anApprovedPlayer(t);
    await fund(customer, 1000);
    const paid = await transfer(t, customer, { from: wallet(customer.character.id), to: treasury(organisationId), amount: 600, memo: 'Reparación' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ transferId: expect.stringMatching(SNOWFLAKE), from: wallet(customer.character.id), to: treasury(organisationId), amount: 600 });
    for (const refused of [recruit, sergeant, customer]) {
      const response = await transfer(t, refused, { from: treasury(organisationId), to: wallet(refused.character.id), amount: 1 });
      expect(response.status).toBe(403);
    }
    expect((await transfer(t, treasurer, { from: treasury(organisationId), to: wallet(treasurer.character.id), amount: 100 })).status).toBe(201);
    expect((await transfer(t, boss, { from: treasury(organisationId), to: wallet(boss.character.id), amount: 200 })).status).toBe(201);
    const short = await transfer(t, boss, { from: treasury(organisationId), to: wallet(boss.character.id), amount: 301 });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: 'Insufficient funds' });
    expect(await treasuryBalance(t, organisationId)).toBe(300);
    expect(await walletBalance(t, customer.character.id)).toBe(400);
    expectChained(await storedEntries(t, 'treasury', organisationId), 300);

    const page = await statement(sergeant, organisationId);
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e: { amount: number; balanceAfter: number }) => [e.amount, e.balanceAfter])).toEqual([[-200, 300], [-100, 500], [600, 600]]);
    expect(page.body.entries[2]).toMatchObject({ counterparty: wallet(customer.character.id), memo: 'Reparación' });
    const customerPage = await t.http().get(`/v1/users/@me/characters/${customer.character.id}/wallet/statement`).set('Cookie', customer.cookie);
    expect(customerPage.body.entries[0]).toMatchObject({ amount: -600, counterparty: treasury(organisationId) });
    expect((await t.http().get(`/v1/organisations/${organisationId}`).set('Cookie', sergeant.cookie)).body.treasury).toEqual({ balance: 300 });
  });

  it('reads the statement with view_treasury, as staff or a boss only; pages it', async () => {
    const { organisationId, boss, recruit } = await aBusiness();
    for (const amount of [5, 6, 7]) expect((await transfer(t, admin, { from: EXTERNAL, to: treasury(organisationId), amount })).status).toBe(201);
    expect((await statement(recruit, organisationId)).status).toBe(403);
    expect((await statement(await anApprovedPlayer(t), organisationId)).status).toBe(403);
    expect((await statement(await anApprovedPlayer(t, Permission.USER | Permission.STAFF), organisationId)).status).toBe(200);
    const first = await statement(boss, organisationId, '?limit=2');
    expect(first.body.entries.map((e: { amount: number }) => e.amount)).toEqual([7, 6]);
    const second = await statement(boss, organisationId, `?limit=2&before=${first.body.nextBefore}`);
    expect(second.body).toMatchObject({ entries: [expect.objectContaining({ amount: 5, counterparty: EXTERNAL })], nextBefore: null });
    expect((await statement(boss, organisationId, '?before=12345')).status).toBe(400);
    expect((await statement(boss, organisationId, '?limit=0')).status).toBe(400);
    expect((await statement(boss, '42')).body).toEqual({ error: 'Unknown Organisation' });
  });

  it('names an unknown or malformed treasury 404, a malformed one 400; nothing moves', async () => {
    const player = await anApprovedPlayer(t);
    await fund(player, 50);
    for (const organisationId of ['777', 'abc']) {
      const response = await transfer(t, player, { from: wallet(player.character.id), to: treasury(organisationId), amount: 10 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown Organisation' });
    }
    for (const to of [{ type: 'organisation' }, { type: 'organisation', organisationId: '1', characterId: '2' }, { type: 'organisation', organisationId: 5 }]) {
      const response = await transfer(t, player, { from: wallet(player.character.id), to, amount: 10 });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    }
    expect(await walletBalance(t, player.character.id)).toBe(50);
    expect(await t.dataSource.getRepository(OrganisationEntity).countBy({ balance: 10 })).toBe(0);
  });
});
