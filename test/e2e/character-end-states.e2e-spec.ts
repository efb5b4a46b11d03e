import sharp from 'sharp';
import { BankAccountDirectory } from '../../src/banks/bank-account-directory';
import { BankAccountEntity } from '../../src/banks/bank-account.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { CharacterWallets } from '../../src/characters/character-wallets.service';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { TransactionRunner } from '../../src/database/transaction-runner';
import { StoredImages } from '../../src/images/stored-images.service';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacterInput, submittableAssets } from '../support/character-fixtures';
import { aCharacter, aUser, signIn } from '../support/factories';
import { APPROVE, aPendingCharacter, aReviewer, storedCharacter } from '../support/review-fixtures';
import { account, accountBalance, anAccount, anApprovedPlayer, EXTERNAL, expectChained, storedEntries, transfer, wallet, walletBalance } from '../support/money';
import { aStaffMember } from '../support/staff';

describeEachBackend('character end states', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => t.close());

  const end = (cookie: string, characterId: string, how: 'retire' | 'decease', reason: unknown = 'the story ends') =>
    t.http().post(`/v1/staff/characters/${characterId}/${how}`).set('Cookie', cookie).send({ reason });

  /** An approved, active character with its wallet and ID card, through the real review. */
  async function anApprovedCharacter(user: UserEntity): Promise<CharacterEntity> {
    const pending = await aPendingCharacter(t, user, await submittableAssets(t));
    const approved = await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: [pending.id] });
    expect(approved.body.characters).toHaveLength(1);
    return storedCharacter(t, pending.id);
  }

  it('a deceased character is read-only, inactive, carries a voided ID card and frees its slot', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR);
    const owner = await aUser(t, { maxCharacters: 1 });
    const ownerCookie = await signIn(t, owner);
    const character = await anApprovedCharacter(owner);
    expect((await t.http().get('/v1/users/@me').set('Cookie', ownerCookie)).body.activeCharacter.characterId).toBe(character.id);
    expect((await t.http().post('/v1/users/@me/characters').set('Cookie', ownerCookie).send(aCharacterInput())).status).toBe(409);

    const deceased = await end(chief.cookie, character.id, 'decease');
    expect(deceased.status).toBe(200);
    expect(deceased.body).toMatchObject({ characterId: character.id, idStatus: 'deceased', wallet: { balance: 0 } });
    expect(deceased.body.idCardHash).not.toBe(character.idCardHash);
    const stored = await storedCharacter(t, character.id);
    expect(stored).toMatchObject({ idStatus: 'deceased', idCardHash: deceased.body.idCardHash });
    const audit = await t.http().get(`/v1/audit?subjectId=${character.id}`).set('Cookie', chief.cookie);
    expect(audit.body.events[0]).toMatchObject({ action: 'character.deceased', actor: { type: 'user', id: chief.user.id }, data: { reason: 'the story ends' } });

    const card = await t.app.get(StoredImages).read('ids', stored.idCardHash!);
    const [r, g, b] = await sharp(card!).extract({ left: 406, top: 349, width: 2, height: 2 }).raw().toBuffer();
    expect([r > 150, g < 120, b < 120]).toEqual([true, true, true]);

    const me = await t.http().get('/v1/users/@me').set('Cookie', ownerCookie);
    expect(me.body.activeCharacter).toBeNull();
    expect(me.body.characters[0].idStatus).toBe('deceased');
    for (const cookie of [ownerCookie, admin.cookie]) {
      const patch = await t.http().patch(`/v1/users/${owner.id}/characters/${character.id}`).set('Cookie', cookie).send({ age: 40 });
      expect(patch).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    }
    expect((await storedCharacter(t, character.id)).age).toBe(character.age);
    expect((await t.http().put('/v1/users/@me/active-character').set('Cookie', ownerCookie).send({ characterId: character.id })).status).toBe(409);
    expect((await t.http().post(`/v1/users/@me/characters/${character.id}/cancel`).set('Cookie', ownerCookie)).status).toBe(403);
    // The slot is free again: maxCharacters 1, and the only character is deceased.
    expect((await t.http().post('/v1/users/@me/characters').set('Cookie', ownerCookie).send(aCharacterInput())).status).toBe(201);

    const search = await t.http().get(`/v1/staff/characters?status=deceased&userId=${owner.id}`).set('Cookie', chief.cookie);
    expect(search.body.characters.map((c: { characterId: string }) => c.characterId)).toEqual([character.id]);
  });

  it('freezes an ended character’s wallet and accounts: transfers either way answer 409 Frozen and move nothing', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR);
    const player = await anApprovedPlayer(t);
    const { accountId } = await anAccount(t, player);
    const other = await anApprovedPlayer(t);
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 500 })).status).toBe(201);
    expect((await transfer(t, player, { from: wallet(player.character.id), to: account(accountId), amount: 200 })).status).toBe(201);

    expect((await end(chief.cookie, player.character.id, 'retire')).status).toBe(200);
    const attempts = [
      transfer(t, player, { from: wallet(player.character.id), to: wallet(other.character.id), amount: 1 }),
      transfer(t, player, { from: account(accountId), to: wallet(other.character.id), amount: 1 }),
      transfer(t, other, { from: wallet(other.character.id), to: wallet(player.character.id), amount: 1 }),
      transfer(t, admin, { from: EXTERNAL, to: account(accountId), amount: 1 }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: 'Frozen' });
    }
    expect([await walletBalance(t, player.character.id), await accountBalance(t, accountId)]).toEqual([300, 200]);
    expect(await storedEntries(t, 'wallet', player.character.id)).toHaveLength(2);
    const statement = await t.http().get(`/v1/users/@me/characters/${player.character.id}/wallet/statement`).set('Cookie', player.cookie);
    expect(statement.status).toBe(200);
    expect(statement.body.entries).toHaveLength(2);
  });

  it('a retire racing transfers: each transfer commits before the retire or answers 409 Frozen, never after it', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR);
    const player = await anApprovedPlayer(t);
    const other = await anApprovedPlayer(t);
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 1000 })).status).toBe(201);

    // Started now (a request is sent when awaited), so they race the retire below.
    const moves = Array.from({ length: 24 }, (_, i) =>
      (i % 2
        ? transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 7 })
        : transfer(t, player, { from: wallet(player.character.id), to: wallet(other.character.id), amount: 5 })
      ).then((answer) => answer),
    );
    const retired = await end(chief.cookie, player.character.id, 'retire');
    expect(retired.status).toBe(200);
    // Whatever commits after the retire's answer would change this balance.
    const atRetire = await walletBalance(t, player.character.id);
    const answers = await Promise.all(moves);

    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toEqual({ error: 'Frozen' });
    const done = answers.filter((answer) => answer.status === 201).length;
    expect(await walletBalance(t, player.character.id)).toBe(atRetire);
    const entries = await storedEntries(t, 'wallet', player.character.id);
    expect(entries).toHaveLength(1 + done);
    expectChained(entries, atRetire);
    const paidOut = answers.filter((answer, i) => answer.status === 201 && i % 2 === 0).length;
    expect(await walletBalance(t, other.character.id)).toBe(5 * paidOut);
    expect((await transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 1 })).status).toBe(409);
  });

  it('refuses a frozen wallet or account in the balance update itself, so a freeze after a transfer looked still holds', async () => {
    const player = await anApprovedPlayer(t);
    const { accountId } = await anAccount(t, player);
    await t.dataSource.getRepository(WalletEntity).update({ characterId: player.character.id }, { balance: 50, frozen: true });
    await t.dataSource.getRepository(BankAccountEntity).update({ id: accountId }, { balance: 50, frozen: true });
    const refusals = await t.app.get(TransactionRunner).run((manager) =>
      Promise.all([t.app.get(CharacterWallets).changeBalance(manager, player.character.id, 5), t.app.get(BankAccountDirectory).changeBalance(manager, accountId, -5)]),
    );
    expect(refusals).toEqual(['frozen', 'frozen']);
    expect([await walletBalance(t, player.character.id), await accountBalance(t, accountId)]).toEqual([50, 50]);
  });

  it('a retired character may later die; nothing else ends, and ending twice is 409 Not Approved', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const owner = await aUser(t);
    const character = await anApprovedCharacter(owner);
    const retired = await end(chief.cookie, character.id, 'retire');
    expect(retired.status).toBe(200);
    expect(retired.body.idStatus).toBe('retired');
    expect(await end(chief.cookie, character.id, 'retire')).toMatchObject({ status: 409, body: { error: 'Not Approved' } });
    expect((await end(chief.cookie, character.id, 'decease')).body.idStatus).toBe('deceased');
    expect(await end(chief.cookie, character.id, 'decease')).toMatchObject({ status: 409, body: { error: 'Not Approved' } });
    expect(await end(chief.cookie, character.id, 'retire')).toMatchObject({ status: 409, body: { error: 'Not Approved' } });

    const draft = await aCharacter(t, owner);
    expect(await end(chief.cookie, draft.id, 'retire')).toMatchObject({ status: 409, body: { error: 'Not Approved' } });
    expect((await storedCharacter(t, draft.id)).idStatus).toBe('draft');
  });

  it('is for MODERATOR_CHIEF or ADMINISTRATOR, with a reason of 1–500 characters', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF);
    const staff = await aStaffMember(t, Permission.STAFF);
    const character = await aCharacter(t, await aUser(t), { idStatus: 'approved' });
    expect(await end(staff.cookie, character.id, 'retire')).toMatchObject({ status: 403, body: { code: 'MISSING_FULL_PERMISSIONS' } });
    expect((await end(chief.cookie, character.id, 'retire', '')).status).toBe(400);
    expect((await end(chief.cookie, character.id, 'retire', 'x'.repeat(501))).status).toBe(400);
    expect((await end(chief.cookie, character.id, 'retire', 3)).status).toBe(400);
    expect(await end(chief.cookie, '999999999', 'retire')).toMatchObject({ status: 404, body: { error: 'Unknown Character' } });
    expect(await end(chief.cookie, 'abc', 'decease')).toMatchObject({ status: 404, body: { error: 'Unknown Character' } });
    expect((await storedCharacter(t, character.id)).idStatus).toBe('approved');
  });
});
