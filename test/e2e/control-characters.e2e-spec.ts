import type { Test } from 'supertest';
import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { Permission } from '../../src/common/permissions/permission';
import { SanctionEntity } from '../../src/moderation/sanction.entity';
import { StaffNoteEntity } from '../../src/moderation/staff-note.entity';
import { ServiceKeyEntity } from '../../src/service-keys/service-key.entity';
import { WebhookEntity } from '../../src/webhooks/webhook.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser, type Player } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, transfer, wallet, walletBalance } from '../support/money';
import { APPROVE, aPendingCharacter, REJECT, storedCharacter } from '../support/review-fixtures';
import { inMs } from '../support/staff';

const { USER, ADMINISTRATOR, MODERATOR_CHIEF, SERVICE_ADMINISTRATOR, STAFF } = Permission;
const NUL = '\u0000';

/** A C0 control character in a string field, query or path value is 400 naming it (decisions §13). */
describeEachBackend('control characters in strings', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    admin = await anApprovedPlayer(t, USER | ADMINISTRATOR | MODERATOR_CHIEF | SERVICE_ADMINISTRATOR | STAFF);
  });
  afterAll(() => t.close());

  const as = (call: Test) => call.set('Cookie', admin.cookie);
  async function expectRefused(call: Test, field: string): Promise<void> {
    const response = await call;
    expect({ field, status: response.status, body: response.body }).toEqual({
      field,
      status: 400,
      body: { error: 'Invalid form of body', details: [{ field, message: expect.stringContaining('control characters') }] },
    });
  }

  it('refuses them in a memo, a key name, a webhook description and nested ids, and nothing changes', async () => {
    const player = await anApprovedPlayer(t);
    const events = await t.dataSource.getRepository(AuditEventEntity).count();
    await expectRefused(transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 5, memo: `pago${NUL}` }), 'memo');
    await expectRefused(transfer(t, admin, { from: EXTERNAL, to: wallet(player.character.id), amount: 5, memo: 'a\nb' }), 'memo');
    await expectRefused(transfer(t, admin, { from: EXTERNAL, to: { type: 'wallet', characterId: `1${NUL}` }, amount: 5 }), 'to.characterId');
    await expectRefused(as(t.http().post('/v1/service-keys')).send({ name: `clave${NUL}`, permissions: '0' }), 'name');
    await expectRefused(as(t.http().post('/v1/service-keys')).send({ name: 'clave\tuno', permissions: '0' }), 'name');
    await expectRefused(
      as(t.http().post('/v1/webhooks')).send({ url: 'http://127.0.0.1:9/x', events: ['bank.*'], format: 'standard', description: `bot${NUL}` }),
      'description',
    );
    expect(await walletBalance(t, player.character.id)).toBe(0);
    expect(await t.dataSource.getRepository(ServiceKeyEntity).count()).toBe(0);
    expect(await t.dataSource.getRepository(WebhookEntity).count()).toBe(0);
    expect(await t.dataSource.getRepository(AuditEventEntity).count()).toBe(events);

    const described = await as(t.http().post('/v1/webhooks')).send({ url: 'http://127.0.0.1:9/x', events: ['bank.*'], format: 'standard', description: 'línea 1\nlínea 2\tfin' });
    expect(described.status).toBe(201);
    expect(described.body.description).toBe('línea 1\nlínea 2\tfin');
    await as(t.http().delete(`/v1/webhooks/${described.body.webhookId}`)).expect(204);
  });

  it('refuses them in reasons and note bodies, which alone take tab and line breaks', async () => {
    const target = await aUser(t);
    const sanction = (reason: string) => as(t.http().post(`/v1/users/${target.id}/sanctions`)).send({ type: 'warning', reason, expiresAt: inMs(60_000) });
    await expectRefused(sanction(`spam${NUL}`), 'reason');
    await expectRefused(sanction('spam\u001b[31m'), 'reason');
    const issued = await sanction('spam\nreiterado\tdos veces\r\n');
    expect(issued.status).toBe(201);
    await expectRefused(as(t.http().post(`/v1/sanctions/${issued.body.sanctionId}/revoke`)).send({ reason: `ok${NUL}` }), 'reason');
    expect((await t.dataSource.getRepository(SanctionEntity).findOneByOrFail({ id: issued.body.sanctionId })).revokedAt).toBeNull();

    await expectRefused(as(t.http().post(`/v1/users/${target.id}/notes`)).send({ body: `nota${NUL}` }), 'body');
    const note = await as(t.http().post(`/v1/users/${target.id}/notes`)).send({ body: 'nota\ncon\tsalto' });
    expect(note.status).toBe(201);
    await expectRefused(as(t.http().patch(`/v1/notes/${note.body.noteId}`)).send({ body: `x${NUL}` }), 'body');
    expect((await t.dataSource.getRepository(StaffNoteEntity).findOneByOrFail({ id: note.body.noteId })).body).toBe('nota\ncon\tsalto');

    const pending = await aPendingCharacter(t);
    await expectRefused(as(t.http().post(REJECT)).send({ characterIds: [pending.id], reason: `no${NUL}` }), 'reason');
    await expectRefused(as(t.http().post(APPROVE)).send({ characterIds: [`${pending.id}${NUL}`] }), 'characterIds.0');
    expect((await storedCharacter(t, pending.id)).idStatus).toBe('pending_approval');
    const player = await anApprovedPlayer(t);
    await expectRefused(as(t.http().post(`/v1/staff/characters/${player.character.id}/retire`)).send({ reason: `fin${NUL}` }), 'reason');
    expect((await storedCharacter(t, player.character.id)).idStatus).toBe('approved');
  });

  it('refuses them in a staff search, the player lookup and the admission id', async () => {
    await expectRefused(as(t.http().get('/v1/staff/users').query({ q: `ana${NUL}` })), 'q');
    await expectRefused(as(t.http().get('/v1/staff/characters').query({ q: 'ana\u0007' })), 'q');
    await expectRefused(as(t.http().get('/v1/gameplatform/admission/12%0034')), 'externalId');
    await expectRefused(as(t.http().get('/v1/gameplatform/players/12%0A34')), 'externalId');
    expect((await as(t.http().get('/v1/staff/users').query({ q: 'ana' }))).status).toBe(200);
  });
});
