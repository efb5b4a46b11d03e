import { Permission } from '../../src/common/permissions/permission';
import { TransferEntity } from '../../src/money/transfer.entity';
import { PayrollRunEntity } from '../../src/organisations/payroll-run.entity';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { SNOWFLAKE } from '../support/banks';
import type { Player } from '../support/factories';
import { aServiceKey, anApprovedPlayer, EXTERNAL, expectChained, storedEntries, transfer, wallet, walletBalance } from '../support/money';
import { anOrganisation, appWithAdministrator, hire, payroll, treasury, treasuryBalance } from '../support/organisations';

/** Grades: 0 trainee (salary 0), 1 mechanic (150), 2 owner (400). */
const GARAGE = [
  { name: 'Aprendiz', salary: 0, rights: [] },
  { name: 'Mecánico', salary: 150, rights: ['view_treasury'] },
  { name: 'Dueño', salary: 400, rights: [] },
];

describeEachBackend('organisation payroll', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  async function aGarage(funds: number) {
    const [owner, first, second, trainee] = [await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t)];
    const { organisationId } = await anOrganisation(t, admin, { type: 'business', grades: GARAGE, bossCharacterId: owner.character.id });
    for (const [member, grade] of [[first, 1], [second, 1], [trainee, 0]] as const) expect((await hire(t, owner, organisationId, member.character.id, grade)).status).toBe(201);
    if (funds > 0) expect((await transfer(t, admin, { from: EXTERNAL, to: treasury(organisationId), amount: funds })).status).toBe(201);
    return { organisationId, owner, first, second, trainee };
  }

  it('pays every member with a salary from the treasury in one go; the same key replays the answer', async () => {
    const { organisationId, owner, first, second, trainee } = await aGarage(1000);
    const response = await payroll(t, owner, organisationId, 'payroll-march-1');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      payrollId: expect.stringMatching(SNOWFLAKE),
      paid: expect.arrayContaining([
        { characterId: owner.character.id, amount: 400, transferId: expect.stringMatching(SNOWFLAKE) },
        { characterId: first.character.id, amount: 150, transferId: expect.stringMatching(SNOWFLAKE) },
        { characterId: second.character.id, amount: 150, transferId: expect.stringMatching(SNOWFLAKE) },
      ]),
      total: 700,
    });
    expect(response.body.paid).toHaveLength(3);
    expect(await treasuryBalance(t, organisationId)).toBe(300);
    expect([await walletBalance(t, owner.character.id), await walletBalance(t, first.character.id), await walletBalance(t, trainee.character.id)]).toEqual([400, 150, 0]);
    expectChained(await storedEntries(t, 'treasury', organisationId), 300);
    const replay = await payroll(t, owner, organisationId, 'payroll-march-1');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(response.body);
    expect(await treasuryBalance(t, organisationId)).toBe(300);
    expect(await t.dataSource.getRepository(PayrollRunEntity).countBy({ organisationId })).toBe(1);
    const reused = await transfer(t, owner, { from: wallet(owner.character.id), to: treasury(organisationId), amount: 1 }, 'payroll-march-1');
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: 'Idempotency-Key reused' });
    const transferRow = await t.dataSource.getRepository(TransferEntity).findOneByOrFail({ id: response.body.paid[0].transferId });
    expect(transferRow).toMatchObject({ fromType: 'treasury', fromId: organisationId, toType: 'wallet', memo: 'Nómina' });
  });

  it('a treasury that cannot cover it pays nothing: 400 with the total needed', async () => {
    const { organisationId, owner, first } = await aGarage(699);
    const response = await payroll(t, owner, organisationId);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Insufficient funds', details: { needed: 700 } });
    expect(await treasuryBalance(t, organisationId)).toBe(699);
    expect(await walletBalance(t, first.character.id)).toBe(0);
    expect(await t.dataSource.getRepository(PayrollRunEntity).countBy({ organisationId })).toBe(0);
    expect((await storedEntries(t, 'treasury', organisationId)).length).toBe(1);
  });

  it('only a boss, an administrator or a key holding SERVICE_ADMINISTRATOR pays; the header is required', async () => {
    const { organisationId, first } = await aGarage(5000);
    expect((await payroll(t, first, organisationId)).status).toBe(403);
    expect((await payroll(t, await anApprovedPlayer(t), organisationId)).status).toBe(403);
    expect((await payroll(t, admin, organisationId)).status).toBe(201);
    const serviceAdmin = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    const key = await aServiceKey(t, serviceAdmin, Permission.SERVICE_ADMINISTRATOR);
    expect((await payroll(t, { key }, organisationId)).status).toBe(201);
    for (const header of ['short', 'bad key with spaces']) {
      const response = await payroll(t, admin, organisationId, header);
      expect(response.status).toBe(400);
      expect(response.body.details[0].field).toBe('Idempotency-Key');
    }
    expect((await t.http().post(`/v1/organisations/${organisationId}/payroll`).set('Cookie', admin.cookie)).status).toBe(400);
    expect((await payroll(t, admin, '404')).body).toEqual({ error: 'Unknown Organisation' });
    expect(await treasuryBalance(t, organisationId)).toBe(5000 - 2 * 700);
  });

  it('races a withdrawal on one treasury: never negative, the statement chained, the total of all holders unchanged', async () => {
    const { organisationId, owner, first, second } = await aGarage(1000);
    const members = [owner, first, second];
    const before = await treasuryBalance(t, organisationId);
    const answers = await Promise.all([
      payroll(t, owner, organisationId),
      ...Array.from({ length: 6 }, () => transfer(t, owner, { from: treasury(organisationId), to: wallet(owner.character.id), amount: 100 })),
    ]);
    expect(answers.every((answer) => [201, 400].includes(answer.status))).toBe(true);
    const after = await treasuryBalance(t, organisationId);
    expect(after).toBeGreaterThanOrEqual(0);
    expectChained(await storedEntries(t, 'treasury', organisationId), after);
    const wallets = await Promise.all(members.map((member) => walletBalance(t, member.character.id)));
    expect(after + wallets.reduce((sum, balance) => sum + balance, 0)).toBe(before);
    for (const member of members) expectChained(await storedEntries(t, 'wallet', member.character.id), await walletBalance(t, member.character.id));
  });
});
