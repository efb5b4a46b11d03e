import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { runCli } from '../../src/cli/main';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { anAdministrator, countEvents, eventsAbout } from '../support/audit';
import { describeEachBackend } from '../support/backends';
import { aSignedInUser, submittableAssets } from '../support/character-fixtures';
import { aCharacter, aUser, signIn } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, transfer, wallet, walletBalance } from '../support/money';
import { APPROVE, aPendingCharacter, aReviewer, REJECT } from '../support/review-fixtures';
import { signInThroughDevProvider } from '../support/sign-in';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachBackend('audit log', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    admin = await anAdministrator(t);
  });
  afterAll(() => t.close());

  const about = (subjectId: string) => eventsAbout(t, admin.cookie, subjectId);
  const event = (action: string, actor: object, subject: object, data: object) => ({
    eventId: expect.stringMatching(/^\d+$/),
    action,
    actor,
    subject,
    data,
    createdAt: expect.stringMatching(ISO),
  });

  it("records the owner's submit and cancel once each; a cancel that changes nothing records nothing", async () => {
    const { user, cookie } = await aSignedInUser(t);
    const character = await aCharacter(t, user, await submittableAssets(t));
    const path = `/v1/users/@me/characters/${character.id}`;
    expect((await t.http().post(`${path}/submit`).set('Cookie', cookie)).status).toBe(201);
    expect((await t.http().post(`${path}/submit`).set('Cookie', cookie)).status).toBe(409);
    expect((await t.http().post(`${path}/cancel`).set('Cookie', cookie)).status).toBe(201);
    expect((await t.http().post(`${path}/cancel`).set('Cookie', cookie)).status).toBe(304);

    const actor = { type: 'user', id: user.id };
    const subject = { type: 'character', id: character.id };
    expect(await about(character.id)).toEqual([
      event('character.submitted', actor, subject, { userId: user.id }),
      event('character.cancelled', actor, subject, { userId: user.id }),
    ]);
  });

  it("records each approval and each rejection of a batch with the reviewer as actor and the rejection's reason", async () => {
    const approved = [await aPendingCharacter(t), await aPendingCharacter(t)];
    const rejected = await aPendingCharacter(t);
    const reviewer = await aUser(t, { permissions: Permission.USER | Permission.MODERATOR_CHIEF });
    const cookie = await signIn(t, reviewer);
    await t.http().post(APPROVE).set('Cookie', cookie).send({ characterIds: [...approved.map((c) => c.id), rejected.id, approved[0].id] }).expect(200);
    // Only the still-pending one changes: the approved ones are skipped and record nothing more.
    await t.http().post(REJECT).set('Cookie', cookie).send({ characterIds: [approved[0].id] }).expect(200);

    const actor = { type: 'user', id: reviewer.id };
    for (const character of approved) {
      expect(await about(character.id)).toEqual([
        event('character.approved', actor, { type: 'character', id: character.id }, { userId: character.userId }),
      ]);
    }
    const other = await aPendingCharacter(t);
    await t.http().post(REJECT).set('Cookie', cookie).send({ characterIds: [other.id], reason: '  Falta la firma  ' }).expect(200);
    expect(await about(other.id)).toEqual([
      event('character.rejected', actor, { type: 'character', id: other.id }, { userId: other.userId, reason: 'Falta la firma' }),
    ]);
  });

  it("records an administrator's edit of an approved character, not an owner's edit of a draft nor an edit that changes nothing", async () => {
    const { user, cookie } = await aSignedInUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR });
    const draft = await aCharacter(t, user);
    await t.http().patch(`/v1/users/@me/characters/${draft.id}`).set('Cookie', cookie).send({ age: 41 }).expect(200);
    const approved = await aCharacter(t, user, { ...(await submittableAssets(t)), idStatus: 'approved', age: 30 });
    const path = `/v1/users/@me/characters/${approved.id}`;
    await t.http().patch(path).set('Cookie', cookie).send({ age: 30 }).expect(200);
    await t.http().patch(path).set('Cookie', cookie).send({ age: 31, height: 171 }).expect(200);

    expect(await about(draft.id)).toEqual([]);
    expect(await about(approved.id)).toEqual([
      event('character.edited', { type: 'user', id: user.id }, { type: 'character', id: approved.id }, { userId: user.id, fields: ['age', 'height'] }),
    ]);
  });

  it('records permission and slot changes with before and after, only when they change, from the API and the CLI', async () => {
    const target = await aUser(t);
    const url = `/v1/users/${target.id}`;
    await t.http().patch(url).set('Cookie', admin.cookie).send({ permissions: '9', maxCharacters: 5 }).expect(200);
    await t.http().patch(url).set('Cookie', admin.cookie).send({ permissions: '9', maxCharacters: 5 }).expect(200);
    const cli = (...argv: string[]) =>
      runCli(argv, t.cliEnv(), { out: () => undefined, err: () => undefined });
    expect(await cli('grant', target.id, 'MODERATOR_CHIEF')).toBe(0);
    expect(await cli('grant', target.id, 'MODERATOR_CHIEF')).toBe(0);
    expect(await cli('set-max-characters', target.id, '7')).toBe(0);

    const subject = { type: 'user', id: target.id };
    const byAdmin = { type: 'user', id: admin.id };
    const byCli = { type: 'cli', id: null };
    expect(await about(target.id)).toEqual([
      event('user.permissions_changed', byAdmin, subject, { before: '1', after: '9' }),
      event('user.max_characters_changed', byAdmin, subject, { before: 3, after: 5 }),
      event('user.permissions_changed', byCli, subject, { before: '9', after: '13' }),
      event('user.max_characters_changed', byCli, subject, { before: 5, after: 7 }),
    ]);
  });

  it('records nothing for a first sign-in and one user.provider_linked for linking a game account', async () => {
    const chat = await signInThroughDevProvider(t, { username: 'audited', id: '555000111999001' });
    const me = await t.http().get('/v1/users/@me').set('Cookie', chat.cookie);
    expect(await about(me.body.userId)).toEqual([]);
    const link = { provider: 'gameplatform' as const, username: 'audited_plays', id: '4409001', cookie: chat.cookie };
    await signInThroughDevProvider(t, link);
    await signInThroughDevProvider(t, link);
    const user = { type: 'user', id: me.body.userId };
    expect(await about(me.body.userId)).toEqual([
      event('user.provider_linked', user, user, { providerName: 'gameplatform', externalId: '4409001' }),
    ]);
  });

  it('records bank creation (with its capital), capital and owner changes, and account openings', async () => {
    const { user, cookie } = await aSignedInUser(t, { permissions: Permission.USER | Permission.SERVICE_ADMINISTRATOR | Permission.ADMINISTRATOR });
    const owner = await aCharacter(t, user, { idStatus: 'approved' });
    const next = await aCharacter(t, user, { idStatus: 'approved' });
    const created = await t.http().post('/v1/banks').set('Cookie', cookie).send({ ownerId: owner.id, name: 'Banco Sur', capital: 500 });
    expect(created.status).toBe(201);
    const bankId = created.body.bankId as string;
    await t.http().patch(`/v1/banks/${bankId}`).set('Cookie', cookie).send({ capital: 500 }).expect(200);
    await t.http().patch(`/v1/banks/${bankId}`).set('Cookie', cookie).send({ capital: 800, ownerId: next.id }).expect(200);
    await t.http().put(`/v1/banks/${bankId}`).set('Cookie', cookie).send({ amount: -100 }).expect(200);
    const account = await t.http().post(`/v1/banks/${bankId}/accounts`).set('Cookie', cookie).send({ characterId: owner.id });
    expect(account.status).toBe(201);

    const actor = { type: 'user', id: user.id };
    const bank = { type: 'bank', id: bankId };
    expect(await about(bankId)).toEqual([
      event('bank.created', actor, bank, { ownerId: owner.id, name: 'Banco Sur', capital: 500 }),
      event('bank.capital_changed', actor, bank, { before: 500, after: 800 }),
      event('bank.owner_changed', actor, bank, { before: owner.id, after: next.id }),
      event('bank.capital_changed', actor, bank, { before: 800, after: 700 }),
    ]);
    expect(await about(account.body.accountId)).toEqual([
      event('account.opened', actor, { type: 'account', id: account.body.accountId }, { bankId, characterId: owner.id }),
    ]);
  });

  it('records webhook creation, change, secret rotation and deletion, never with the URL', async () => {
    const url = 'http://127.0.0.1:9/api/webhooks/123/secret-token';
    const created = await t.http().post('/v1/webhooks').set('Cookie', admin.cookie).send({ url, events: ['bank.*'], format: 'standard' });
    expect(created.status).toBe(201);
    const id = created.body.webhookId as string;
    const changed = await t.http().patch(`/v1/webhooks/${id}`).set('Cookie', admin.cookie).send({ url: `${url}-2`, events: ['bank.*'], active: false });
    expect(changed.status).toBe(200);
    expect((await t.http().patch(`/v1/webhooks/${id}`).set('Cookie', admin.cookie).send({ active: false })).status).toBe(200);
    expect((await t.http().post(`/v1/webhooks/${id}/rotate-secret`).set('Cookie', admin.cookie)).status).toBe(200);
    await t.http().delete(`/v1/webhooks/${id}`).set('Cookie', admin.cookie).expect(204);
    const actor = { type: 'user', id: admin.id };
    const data = { events: ['bank.*'], format: 'standard' };
    const events = await about(id);
    expect(events).toEqual([
      event('webhook.created', actor, { type: 'webhook', id }, data),
      event('webhook.updated', actor, { type: 'webhook', id }, { fields: ['url', 'active'] }),
      event('webhook.secret_rotated', actor, { type: 'webhook', id }, {}),
      event('webhook.deleted', actor, { type: 'webhook', id }, data),
    ]);
    const stored = await t.dataSource.getRepository(AuditEventEntity).findBy({ subjectId: id });
    expect(JSON.stringify(stored)).not.toContain('secret-token');
  });

  it('records service key creation and revocation with the administrator as actor', async () => {
    const maker = await aUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR });
    const cookie = await signIn(t, maker);
    const made = await t.http().post('/v1/service-keys').set('Cookie', cookie).send({ name: 'servidor-audit', permissions: '16' });
    expect(made.status).toBe(201);
    const keyId = made.body.keyId as string;
    const before = await countEvents(t);
    const lacking = String(Permission.MODERATOR_CHIEF);
    expect((await t.http().post('/v1/service-keys').set('Cookie', cookie).send({ name: 'x', permissions: lacking })).status).toBe(403);
    expect(await countEvents(t)).toBe(before);
    await t.http().delete(`/v1/service-keys/${keyId}`).set('Cookie', cookie).expect(204);
    await t.http().delete(`/v1/service-keys/${keyId}`).set('Cookie', cookie).expect(404);
    const actor = { type: 'user', id: maker.id };
    const subject = { type: 'service_key', id: keyId };
    expect(await about(keyId)).toEqual([
      event('service_key.created', actor, subject, { name: 'servidor-audit', permissions: '16' }),
      event('service_key.revoked', actor, subject, {}),
    ]);
  });

  it('records money entering or leaving the economy with its actor (a person or a key), not moves between wallets nor refused transfers', async () => {
    const payer = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    const player = await anApprovedPlayer(t);
    const made = await t.http().post('/v1/service-keys').set('Cookie', payer.cookie).send({ name: 'salarios', permissions: '16' });
    expect(made.status).toBe(201);
    const key = { key: made.body.key as string };
    const keyActor = { type: 'service_key', id: made.body.keyId };

    const salary = { from: EXTERNAL, to: wallet(player.character.id), amount: 1000, memo: 'Salario' };
    const paid = await transfer(t, key, salary, 'audit-salary-1');
    expect(paid.status).toBe(201);
    expect((await transfer(t, key, salary, 'audit-salary-1')).status).toBe(201);
    const fine = { from: wallet(player.character.id), to: EXTERNAL, amount: 300, memo: null };
    const fined = await transfer(t, payer, fine);
    expect(fined.status).toBe(201);
    const between = await transfer(t, player, { from: wallet(player.character.id), to: wallet(payer.character.id), amount: 100 });
    expect(between.status).toBe(201);

    const before = await countEvents(t);
    expect((await transfer(t, key, { from: wallet(player.character.id), to: EXTERNAL, amount: 10_000 })).status).toBe(400);
    expect((await transfer(t, player, { from: EXTERNAL, to: wallet(player.character.id), amount: 5 })).status).toBe(403);
    expect(await countEvents(t)).toBe(before);
    expect(await walletBalance(t, player.character.id)).toBe(600);

    expect(await about(paid.body.transferId)).toEqual([
      event('transfer.external', keyActor, { type: 'transfer', id: paid.body.transferId }, { ...salary, onBehalfOf: payer.user.id }),
    ]);
    expect(await about(fined.body.transferId)).toEqual([
      event('transfer.external', { type: 'user', id: payer.user.id }, { type: 'transfer', id: fined.body.transferId }, fine),
    ]);
    expect(await about(between.body.transferId)).toEqual([]);
  });

  it('records unlinking a game account once, with the shape of the link', async () => {
    const chat = await signInThroughDevProvider(t, { username: 'unlinker', id: '555000111999002' });
    const me = await t.http().get('/v1/users/@me').set('Cookie', chat.cookie);
    await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'unlinker_plays', id: '4409002', cookie: chat.cookie });
    await t.http().delete('/v1/users/@me/providers/gameplatform').set('Cookie', chat.cookie).expect(204);
    await t.http().delete('/v1/users/@me/providers/gameplatform').set('Cookie', chat.cookie).expect(404);
    const user = { type: 'user', id: me.body.userId };
    const data = { providerName: 'gameplatform', externalId: '4409002' };
    expect(await about(me.body.userId)).toEqual([event('user.provider_linked', user, user, data), event('user.provider_unlinked', user, user, data)]);
  });

  it('leaves no event when the change fails and rolls back', async () => {
    const doomed = await aPendingCharacter(t);
    await failUpdatesOf(t, doomed.id);
    const before = await countEvents(t);
    const response = await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: [doomed.id] });
    expect(response.status).toBe(500);
    expect(await countEvents(t)).toBe(before);
    expect(await about(doomed.id)).toEqual([]);
  });

  /** A few events of both kinds, so each case below stands on its own. */
  async function someEvents(count: number) {
    const target = await aUser(t);
    for (let n = 1; n <= count; n++) {
      await t.http().patch(`/v1/users/${target.id}`).set('Cookie', admin.cookie).send({ maxCharacters: 10 + n }).expect(200);
    }
    const pending = await aPendingCharacter(t);
    await t.http().post(APPROVE).set('Cookie', await aReviewer(t)).send({ characterIds: [pending.id] }).expect(200);
  }

  it('shows MODERATOR_CHIEF only character events, and refuses everyone else below ADMINISTRATOR', async () => {
    await someEvents(2);
    const chief = await aReviewer(t, Permission.MODERATOR_CHIEF);
    const all = await t.http().get('/v1/audit?limit=100').set('Cookie', chief);
    expect(all.status).toBe(200);
    expect(all.body.events.length).toBeGreaterThan(0);
    expect(all.body.events.every((e: { action: string }) => e.action.startsWith('character.'))).toBe(true);
    const other = await t.http().get('/v1/audit?action=user.permissions_changed').set('Cookie', chief);
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ events: [], nextBefore: null });
    for (const action of ['user.max_characters_changed', 'user.*']) {
      const asked = await t.http().get(`/v1/audit?action=${action}`).set('Cookie', admin.cookie);
      expect(asked.body.events.length).toBeGreaterThan(0);
      expect(asked.body.events.every((e: { action: string }) => e.action.startsWith('user.'))).toBe(true);
    }
    for (const permission of [Permission.USER, Permission.STAFF, Permission.SERVICE_ADMINISTRATOR]) {
      const cookie = await signIn(t, await aUser(t, { permissions: Permission.USER | permission }));
      expect((await t.http().get('/v1/audit').set('Cookie', cookie)).status).toBe(403);
    }
    expect((await t.http().get('/v1/audit')).status).toBe(401);
    expect((await t.http().get('/v1/audit?limit=0').set('Cookie', admin.cookie)).status).toBe(400);
    expect((await t.http().get('/v1/audit?before=abc').set('Cookie', admin.cookie)).status).toBe(400);
    // A malformed id filter is answered like an unknown id (decisions §7).
    const malformed = await t.http().get('/v1/audit?subjectId=99999999999999999999').set('Cookie', admin.cookie);
    expect(malformed.body).toEqual({ events: [], nextBefore: null });
  });

  it('pages newest first with `before`, visiting every event once', async () => {
    await someEvents(6);
    const everything = await t.http().get('/v1/audit?limit=100').set('Cookie', admin.cookie);
    const expected = (everything.body.events as { eventId: string }[]).map((e) => e.eventId);
    expect(expected.length).toBeGreaterThan(5);
    expect([...expected].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))).toEqual(expected);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: { body: { events: { eventId: string }[]; nextBefore: string | null } } = await t
        .http()
        .get(`/v1/audit?limit=2${before ? `&before=${before}` : ''}`)
        .set('Cookie', admin.cookie)
        .expect(200);
      seen.push(...page.body.events.map((e) => e.eventId));
      before = page.body.nextBefore;
    } while (before);
    expect(seen).toEqual(expected);
  });
});

/** Makes every UPDATE of that character fail inside the database, so its transaction rolls back. */
async function failUpdatesOf(t: TestApp, characterId: string): Promise<void> {
  if (t.backend.name === 'sqlite') {
    await t.dataSource.query(
      `CREATE TRIGGER "TRG_test_fail" BEFORE UPDATE ON "characters" WHEN OLD."id" = '${characterId}' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
    );
    return;
  }
  await t.dataSource.query(`CREATE FUNCTION "test_fail"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'refused by test'; END $$`);
  await t.dataSource.query(
    `CREATE TRIGGER "TRG_test_fail" BEFORE UPDATE ON "characters" FOR EACH ROW WHEN (OLD."id" = ${characterId}) EXECUTE FUNCTION "test_fail"()`,
  );
}
