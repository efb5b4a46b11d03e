import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { TransferEntity } from '../../src/money/transfer.entity';
import { InvoiceEntity } from '../../src/organisations/invoice.entity';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO, SNOWFLAKE } from '../support/banks';
import type { Player } from '../support/factories';
import { account, accountBalance, anAccount, anApprovedPlayer, EXTERNAL, transfer, wallet, walletBalance } from '../support/money';
import { anOrganisation, appWithAdministrator, hire, issueInvoice, payInvoice, treasury, treasuryBalance } from '../support/organisations';

describeEachBackend('invoices and fines', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  /** A police job: a chief, an officer (issue_fines, view_treasury) and a cadet (no rights); a citizen with money. */
  async function aPolice(citizenFunds = 1000) {
    const [chief, officer, cadet, citizen] = [await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t)];
    const { organisationId } = await anOrganisation(t, admin, { bossCharacterId: chief.character.id });
    expect((await hire(t, chief, organisationId, officer.character.id, 1)).status).toBe(201);
    expect((await hire(t, chief, organisationId, cadet.character.id, 0)).status).toBe(201);
    if (citizenFunds) expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(citizen.character.id), amount: citizenFunds })).status).toBe(201);
    return { organisationId, chief, officer, cadet, citizen };
  }

  const fine = (organisationId: string, characterId: string, amount = 250, extra: object = {}) => ({
    kind: 'fine',
    from: treasury(organisationId),
    to: { characterId },
    amount,
    reason: 'Exceso de velocidad',
    ...extra,
  });
  const stored = (id: string) => t.dataSource.getRepository(InvoiceEntity).findOneByOrFail({ id });
  const invoiceRows = () => t.dataSource.getRepository(InvoiceEntity).count();

  it('an officer fines a citizen, who pays it from the wallet into the treasury; a replay answers the same, a second payment 409', async () => {
    const { organisationId, officer, citizen } = await aPolice();
    const issued = await issueInvoice(t, officer, fine(organisationId, citizen.character.id), 'fine-key-0001');
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      invoiceId: expect.stringMatching(SNOWFLAKE),
      kind: 'fine',
      from: treasury(organisationId),
      to: { characterId: citizen.character.id },
      amount: 250,
      reason: 'Exceso de velocidad',
      status: 'pending',
      dueAt: null,
      overdue: false,
      issuedBy: { type: 'user', id: officer.user.id },
      createdAt: expect.stringMatching(ISO),
      paidAt: null,
      transferId: null,
    });
    expect((await issueInvoice(t, officer, fine(organisationId, citizen.character.id), 'fine-key-0001')).body).toEqual(issued.body);
    const reused = await issueInvoice(t, officer, fine(organisationId, citizen.character.id, 251), 'fine-key-0001');
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: 'Idempotency-Key reused' });
    const id = issued.body.invoiceId;
    const paid = await payInvoice(t, citizen, id, wallet(citizen.character.id), 'pay-key-0001');
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ invoiceId: id, status: 'paid', paidAt: expect.stringMatching(ISO), transferId: expect.stringMatching(SNOWFLAKE), amount: 250 });
    expect((await payInvoice(t, citizen, id, wallet(citizen.character.id), 'pay-key-0001')).body).toEqual(paid.body);
    const again = await payInvoice(t, citizen, id, wallet(citizen.character.id));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Not Pending' });
    expect(await walletBalance(t, citizen.character.id)).toBe(750);
    expect(await treasuryBalance(t, organisationId)).toBe(250);
    expect(await stored(id)).toMatchObject({ status: 'paid', transferId: paid.body.transferId });
    expect(await t.dataSource.getRepository(TransferEntity).findOneByOrFail({ id: paid.body.transferId })).toMatchObject({ fromType: 'wallet', toType: 'treasury', amount: 250 });
  });

  it('20 concurrent payments of one invoice with different keys: exactly one pays, one transfer, the rest 409 Not Pending', async () => {
    const { organisationId, officer, citizen } = await aPolice();
    const { body } = await issueInvoice(t, officer, fine(organisationId, citizen.character.id, 100));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => payInvoice(t, citizen, body.invoiceId, wallet(citizen.character.id), `race-${body.invoiceId}-${i}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.every((answer) => answer.status === 409 && answer.body.error === 'Not Pending')).toBe(true);
    expect(await walletBalance(t, citizen.character.id)).toBe(900);
    expect(await treasuryBalance(t, organisationId)).toBe(100);
    expect(await t.dataSource.getRepository(TransferEntity).countBy({ fromType: 'wallet', fromId: citizen.character.id })).toBe(1);
  });

  it('a wallet that cannot cover it: 400 Insufficient funds, nothing moves; an account of the billed character pays', async () => {
    const { organisationId, officer, citizen } = await aPolice(100);
    const { body } = await issueInvoice(t, officer, fine(organisationId, citizen.character.id, 150));
    const short = await payInvoice(t, citizen, body.invoiceId, wallet(citizen.character.id));
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: 'Insufficient funds' });
    expect((await stored(body.invoiceId)).status).toBe('pending');
    expect(await walletBalance(t, citizen.character.id)).toBe(100);
    const { accountId } = await anAccount(t, citizen);
    expect((await transfer(t, admin, { from: EXTERNAL, to: account(accountId), amount: 200 })).status).toBe(201);
    const other = await anApprovedPlayer(t);
    expect((await payInvoice(t, citizen, body.invoiceId, wallet(other.character.id))).status).toBe(400);
    expect((await payInvoice(t, other, body.invoiceId, wallet(other.character.id))).status).toBe(403);
    expect((await payInvoice(t, citizen, body.invoiceId, account(accountId))).status).toBe(201);
    expect(await accountBalance(t, accountId)).toBe(50);
    expect(await treasuryBalance(t, organisationId)).toBe(150);
  });

  it('decline, cancel and who may: a fine is never declined, only pending ones close', async () => {
    const { organisationId, chief, officer, cadet, citizen } = await aPolice();
    const mechanic = await anApprovedPlayer(t);
    const bill = await issueInvoice(t, mechanic, { kind: 'invoice', from: wallet(mechanic.character.id), to: { characterId: citizen.character.id }, amount: 80, reason: 'Cambio de aceite' });
    expect(bill.status).toBe(201);
    expect((await t.http().post(`/v1/invoices/${bill.body.invoiceId}/decline`).set('Cookie', mechanic.cookie)).status).toBe(403);
    const declined = await t.http().post(`/v1/invoices/${bill.body.invoiceId}/decline`).set('Cookie', citizen.cookie);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect((await t.http().post(`/v1/invoices/${bill.body.invoiceId}/cancel`).set('Cookie', mechanic.cookie)).body).toEqual({ error: 'Not Pending' });
    expect((await payInvoice(t, citizen, bill.body.invoiceId, wallet(citizen.character.id))).body).toEqual({ error: 'Not Pending' });

    const ticket = await issueInvoice(t, officer, fine(organisationId, citizen.character.id));
    expect((await t.http().post(`/v1/invoices/${ticket.body.invoiceId}/decline`).set('Cookie', citizen.cookie)).status).toBe(403);
    expect((await t.http().post(`/v1/invoices/${ticket.body.invoiceId}/cancel`).set('Cookie', cadet.cookie)).status).toBe(403);
    expect((await t.http().post(`/v1/invoices/${ticket.body.invoiceId}/cancel`).set('Cookie', citizen.cookie)).status).toBe(403);
    const cancelled = await t.http().post(`/v1/invoices/${ticket.body.invoiceId}/cancel`).set('Cookie', chief.cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await stored(ticket.body.invoiceId)).status).toBe('cancelled');
    expect((await t.http().post('/v1/invoices/123/cancel').set('Cookie', chief.cookie)).body).toEqual({ error: 'Unknown Invoice' });
    expect(await walletBalance(t, citizen.character.id)).toBe(1000);
  });

  it('refuses issuing without the right, a fine from a wallet, self-billing and an unapproved character', async () => {
    const { organisationId, cadet, officer, citizen } = await aPolice();
    const before = await invoiceRows();
    expect((await issueInvoice(t, cadet, fine(organisationId, citizen.character.id))).status).toBe(403);
    expect((await issueInvoice(t, officer, { ...fine(organisationId, citizen.character.id), kind: 'invoice' })).status).toBe(403);
    expect((await issueInvoice(t, citizen, { ...fine(organisationId, officer.character.id), from: wallet(citizen.character.id) })).status).toBe(400);
    const self = await issueInvoice(t, citizen, { kind: 'invoice', from: wallet(citizen.character.id), to: { characterId: citizen.character.id }, amount: 5, reason: 'Yo' });
    expect(self.status).toBe(400);
    expect((await issueInvoice(t, citizen, { kind: 'invoice', from: wallet(officer.character.id), to: { characterId: cadet.character.id }, amount: 5, reason: 'Ajeno' })).status).toBe(403);
    await t.dataSource.getRepository(CharacterEntity).update({ id: cadet.character.id }, { idStatus: 'deceased' });
    expect((await issueInvoice(t, officer, fine(organisationId, cadet.character.id))).body).toEqual({ error: 'Character Not Approved' });
    expect((await issueInvoice(t, officer, fine('555', citizen.character.id))).body).toEqual({ error: 'Unknown Organisation' });
    expect(await invoiceRows()).toBe(before);
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['a fractional amount', { amount: 2.5 }],
    ['an amount as text', { amount: '10' }],
    ['a reason with a control character', { reason: 'Multa\u0000' }],
    ['a reason of 141 characters', { reason: 'x'.repeat(141) }],
    ['an unknown field', { discount: 10 }],
    ['a due date in the past', { dueAt: '2001-01-01T00:00:00Z' }],
    ['a due date that is not a date', { dueAt: 'mañana' }],
    ['an unknown kind', { kind: 'tax' }],
    ['a billed character that is not an object', { to: 'x' }],
  ])('answers 400 Invalid form of body for %s, storing nothing', async (_case, override) => {
    const { organisationId, officer, citizen } = await aPolice(0);
    const before = await invoiceRows();
    const response = await issueInvoice(t, officer, { ...fine(organisationId, citizen.character.id), ...override });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
    expect(response.body.details.length).toBeGreaterThan(0);
    expect(await invoiceRows()).toBe(before);
  });

  it('lists by visibility and filters; overdue past dueAt; a pending fine of an ended character stays pending', async () => {
    const { organisationId, officer, cadet, citizen } = await aPolice();
    const due = new Date(Date.now() + 60_000).toISOString();
    const first = await issueInvoice(t, officer, fine(organisationId, citizen.character.id, 10, { dueAt: due }));
    const second = await issueInvoice(t, officer, fine(organisationId, citizen.character.id, 20));
    expect(first.body.dueAt).toBe(due);
    await t.dataSource.getRepository(InvoiceEntity).update({ id: first.body.invoiceId }, { dueAt: new Date(Date.now() - 1000) });
    const mine = await t.http().get('/v1/invoices').set('Cookie', citizen.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.invoices.map((i: { invoiceId: string }) => i.invoiceId)).toEqual([second.body.invoiceId, first.body.invoiceId]);
    expect(mine.body.invoices[1].overdue).toBe(true);
    expect(mine.body.invoices[0].overdue).toBe(false);
    const issuer = await t.http().get(`/v1/invoices?organisationId=${organisationId}&kind=fine&status=pending&limit=1`).set('Cookie', officer.cookie);
    expect(issuer.body.invoices).toHaveLength(1);
    expect(issuer.body.nextCursor).toBe(second.body.invoiceId);
    expect((await t.http().get(`/v1/invoices?organisationId=${organisationId}`).set('Cookie', cadet.cookie)).status).toBe(403);
    expect((await t.http().get(`/v1/invoices?organisationId=${organisationId}`).set('Cookie', citizen.cookie)).status).toBe(403);
    expect((await t.http().get('/v1/invoices').set('Cookie', cadet.cookie)).body.invoices).toEqual([]);
    const staff = await anApprovedPlayer(t, Permission.USER | Permission.STAFF);
    expect((await t.http().get(`/v1/invoices?characterId=${citizen.character.id}`).set('Cookie', staff.cookie)).body.invoices).toHaveLength(2);
    for (const query of ['status=open', 'kind=tax', 'limit=0', 'cursor=x', 'characterId=abc']) {
      expect((await t.http().get(`/v1/invoices?${query}`).set('Cookie', citizen.cookie)).status).toBe(400);
    }
    const chief = await anApprovedPlayer(t, Permission.USER | Permission.MODERATOR_CHIEF);
    expect((await t.http().post(`/v1/staff/characters/${citizen.character.id}/retire`).set('Cookie', chief.cookie).send({ reason: 'Se fue' })).status).toBe(200);
    expect((await stored(second.body.invoiceId)).status).toBe('pending');
    expect((await payInvoice(t, citizen, second.body.invoiceId, wallet(citizen.character.id))).body).toEqual({ error: 'Frozen' });
    expect((await stored(second.body.invoiceId)).status).toBe('pending');
  });
});
