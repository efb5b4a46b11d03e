import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { Permission } from '../../src/common/permissions/permission';
import { countQueries } from '../support/queries';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aSignedInUser } from '../support/character-fixtures';
import { aCharacter } from '../support/factories';
import { aChatPlayer, aStaffMember } from '../support/staff';

describeEachBackend('staff dossier, notes and tags', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => t.close());

  /** SQL statements the app runs while `work` runs, counted at the data source's logger. */
  const queriesDuring = (work: () => Promise<unknown>) => countQueries(t, work);

  it('answers everything about a user in one request, with the same number of queries however much there is', async () => {
    const chief = await aStaffMember(t, Permission.MODERATOR_CHIEF, Permission.STAFF);
    const small = await aChatPlayer(t, { username: 'small', id: '930000000000000001' });
    const large = await aChatPlayer(t, { username: 'large', id: '930000000000000002' }, '93000001');
    await aCharacter(t, { id: small.userId }, { idStatus: 'approved' });
    for (let i = 0; i < 5; i++) await aCharacter(t, { id: large.userId }, { idStatus: i % 2 ? 'approved' : 'draft' });
    // A past game link, as unlinking leaves it.
    await t.dataSource.getRepository(ProviderLinkEntity).update({ userId: large.userId, providerName: 'gameplatform' }, { unlinkedAt: new Date() });
    for (const type of ['warning', 'suspension', 'warning']) {
      await t.http().post(`/v1/users/${large.userId}/sanctions`).set('Cookie', chief.cookie).send({ type, reason: `${type} reason`, expiresAt: null });
    }
    for (const body of ['first', 'second', 'third']) {
      await t.http().post(`/v1/users/${large.userId}/notes`).set('Cookie', chief.cookie).send({ body, pinned: body === 'first' });
    }
    await t.http().put(`/v1/users/${large.userId}/tags`).set('Cookie', chief.cookie).send({ tags: ['watchlist'] });

    const dossier = (userId: string) => t.http().get(`/v1/staff/users/${userId}`).set('Cookie', chief.cookie);
    await dossier(small.userId);
    const smallQueries = await queriesDuring(() => dossier(small.userId));
    let answer: Awaited<ReturnType<typeof dossier>> | undefined;
    const largeQueries = await queriesDuring(async () => (answer = await dossier(large.userId)));
    expect(largeQueries).toBe(smallQueries);
    expect(largeQueries).toBeLessThanOrEqual(13);

    const body = answer!.body;
    expect(answer!.status).toBe(200);
    expect(body.user).toMatchObject({ userId: large.userId, permissions: '1', maxCharacters: 3 });
    expect(body.providers).toEqual([
      expect.objectContaining({ providerName: 'chatapp', externalId: '930000000000000002', username: 'large', unlinkedAt: null }),
      expect.objectContaining({ providerName: 'gameplatform', externalId: '93000001', unlinkedAt: expect.any(String) }),
    ]);
    expect(body.characters).toHaveLength(5);
    expect(body.sanctions.map((s: { type: string }) => s.type)).toEqual(['warning', 'suspension', 'warning']);
    expect(body.activeSanction).toMatchObject({ type: 'suspension', expiresAt: null });
    expect(body.notes.map((n: { body: string }) => n.body)).toEqual(['first', 'third', 'second']);
    expect(body.tags).toEqual(['watchlist']);
    expect(body.auditEvents.map((e: { action: string }) => e.action)).toEqual([
      'sanction.issued',
      'sanction.issued',
      'sanction.issued',
      'user.provider_linked',
    ]);
  });

  it('never shows notes to their subject, not even a member of staff in their own dossier', async () => {
    const author = await aStaffMember(t, Permission.STAFF);
    const subject = await aStaffMember(t, Permission.STAFF);
    const created = await t.http().post(`/v1/users/${subject.user.id}/notes`).set('Cookie', author.cookie).send({ body: 'keep an eye' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      noteId: expect.any(String),
      userId: subject.user.id,
      authorId: author.user.id,
      body: 'keep an eye',
      pinned: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.http().get(`/v1/users/${subject.user.id}/notes`).set('Cookie', subject.cookie)).status).toBe(403);
    expect((await t.http().get(`/v1/staff/users/${subject.user.id}`).set('Cookie', subject.cookie)).status).toBe(403);
    expect((await t.http().patch(`/v1/notes/${created.body.noteId}`).set('Cookie', subject.cookie).send({ body: 'x' })).status).toBe(403);
    expect((await t.http().get(`/v1/users/${subject.user.id}/notes`).set('Cookie', author.cookie)).body.notes).toHaveLength(1);
  });

  it('lets the author or an ADMINISTRATOR change and delete a note, nobody else', async () => {
    const author = await aStaffMember(t, Permission.STAFF);
    const colleague = await aStaffMember(t, Permission.STAFF);
    const admin = await aStaffMember(t, Permission.ADMINISTRATOR);
    const player = await aSignedInUser(t);
    const note = (await t.http().post(`/v1/users/${player.user.id}/notes`).set('Cookie', author.cookie).send({ body: 'draft' })).body;
    const patch = (cookie: string, body: object) => t.http().patch(`/v1/notes/${note.noteId}`).set('Cookie', cookie).send(body);
    expect((await patch(colleague.cookie, { body: 'x' })).status).toBe(403);
    expect((await patch(author.cookie, { pinned: true })).body).toMatchObject({ body: 'draft', pinned: true });
    expect((await patch(admin.cookie, { body: 'edited' })).body).toMatchObject({ body: 'edited', pinned: true });
    expect((await patch(author.cookie, { body: '' })).status).toBe(400);
    expect((await patch(author.cookie, { body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await t.http().delete(`/v1/notes/${note.noteId}`).set('Cookie', colleague.cookie)).status).toBe(403);
    expect((await t.http().delete(`/v1/notes/${note.noteId}`).set('Cookie', author.cookie)).status).toBe(204);
    expect((await t.http().delete(`/v1/notes/${note.noteId}`).set('Cookie', author.cookie)).body).toEqual({ error: 'Unknown Note' });
    expect((await t.http().post(`/v1/users/${player.user.id}/notes`).set('Cookie', player.cookie).send({ body: 'x' })).status).toBe(403);
    expect((await t.http().post('/v1/users/123/notes').set('Cookie', author.cookie).send({ body: 'x' })).body).toEqual({ error: 'Unknown User' });
    expect((await t.http().get('/v1/staff/users/nope').set('Cookie', author.cookie)).body).toEqual({ error: 'Unknown User' });
  });

  it('names the tags staff may put on users, to staff only', async () => {
    const staff = await aStaffMember(t, Permission.STAFF);
    const player = await aSignedInUser(t);
    expect((await t.http().get('/v1/staff/tags').set('Cookie', staff.cookie)).body).toEqual({ tags: ['watchlist', 'vip', 'new-player'] });
    expect((await t.http().get('/v1/staff/tags').set('Cookie', player.cookie)).status).toBe(403);
  });

  it('documents every staff route in the OpenAPI document', async () => {
    const { paths } = (await t.http().get('/v1/openapi.json')).body;
    const routes: [string, string, string[]][] = [
      ['/v1/staff/users', 'get', ['200', '400', '401', '403', '429']],
      ['/v1/staff/characters', 'get', ['200', '400', '401', '403', '429']],
      ['/v1/staff/users/{userId}', 'get', ['200', '401', '403', '404', '429']],
      ['/v1/users/{userId}/sanctions', 'post', ['201', '400', '401', '403', '404', '429']],
      ['/v1/users/{userId}/sanctions', 'get', ['200', '401', '403', '404']],
      ['/v1/sanctions/{sanctionId}/revoke', 'post', ['200', '400', '401', '403', '404', '409', '429']],
      ['/v1/users/{userId}/notes', 'post', ['201', '400', '401', '403', '404', '429']],
      ['/v1/notes/{noteId}', 'delete', ['204', '401', '403', '404', '429']],
      ['/v1/users/{userId}/tags', 'put', ['200', '400', '401', '403', '404', '429']],
      ['/v1/staff/tags', 'get', ['200', '401', '403', '429']],
      ['/v1/gameplatform/admission/{externalId}', 'get', ['200', '401', '403', '429']],
      ['/v1/staff/characters/{characterId}/retire', 'post', ['200', '400', '401', '403', '404', '409', '429']],
      ['/v1/staff/characters/{characterId}/decease', 'post', ['200', '400', '401', '403', '404', '409', '429']],
    ];
    for (const [path, method, statuses] of routes) {
      expect([path, method, Object.keys(paths[path]?.[method]?.responses ?? {}).sort()]).toEqual([path, method, statuses]);
    }
  });
});
