import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGamePlatformLink, aPlayer, type Player } from '../support/factories';
import { anApprovedPlayer, aServiceKey, withCaller } from '../support/money';
import { signInThroughDevProvider } from '../support/sign-in';

describeEachBackend('players and unlinking', (backend) => {
  let t: TestApp;
  let key: { key: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await aPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
    key = { key: await aServiceKey(t, admin, 0) };
  });
  afterAll(() => t.close());

  const lookup = (externalId: string, caller: { cookie: string } | { key: string } = key) =>
    withCaller(t.http().get(`/v1/gameplatform/players/${encodeURIComponent(externalId)}`), caller);
  const unlink = (as: Player, provider: string, userId = as.user.id) =>
    t.http().delete(`/v1/users/${userId}/providers/${provider}`).set('Cookie', as.cookie);

  it('answers STAFF and any key; refuses other people; null activeCharacter when none', async () => {
    const player = await aPlayer(t);
    const link = await aGamePlatformLink(t, player.user);
    expect((await lookup(link.externalId)).body).toEqual({ userId: player.user.id, externalId: link.externalId, activeCharacter: null });
    const staff = await aPlayer(t, Permission.USER | Permission.STAFF);
    expect((await lookup(link.externalId, staff)).status).toBe(200);
    expect((await lookup(link.externalId, player)).body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
    expect((await t.http().get(`/v1/gameplatform/players/${link.externalId}`)).status).toBe(401);
    for (const unknown of ['123456789', 'x'.repeat(300)]) {
      expect(await lookup(unknown)).toMatchObject({ status: 404, body: { error: 'Unknown Player' } });
    }
  });

  it('admits through any key or staff and refuses other people', async () => {
    const player = await anApprovedPlayer(t);
    const link = await aGamePlatformLink(t, player.user);
    const admission = (caller: { cookie: string } | { key: string }) =>
      withCaller(t.http().get(`/v1/gameplatform/admission/${link.externalId}`), caller);
    const byKey = await admission(key);
    expect(byKey.status).toBe(200);
    expect(byKey.headers['cache-control']).toBe('private, max-age=30');
    expect(byKey.body).toMatchObject({ allowed: true, reason: null, userId: player.user.id, ban: null });
    expect(byKey.body.activeCharacter.characterId).toBe(player.character.id);
    expect((await admission(await aPlayer(t, Permission.USER | Permission.STAFF))).status).toBe(200);
    expect((await admission(player)).body).toEqual({ error: 'Forbidden', code: 'MISSING_FULL_PERMISSIONS' });
  });

  it('unlinks the game account, which the lookup then no longer finds and another user may link', async () => {
    const first = await anApprovedPlayer(t);
    const link = await aGamePlatformLink(t, first.user, '7700001');
    expect((await lookup(link.externalId)).body.activeCharacter.characterId).toBe(first.character.id);

    expect((await unlink(first, 'gameplatform', '@me')).status).toBe(204);
    const kept = await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ userId: first.user.id, providerName: 'gameplatform' });
    expect(kept.unlinkedAt).toEqual(expect.any(Date)); // a past link, for the staff dossier
    expect(await lookup(link.externalId)).toMatchObject({ status: 404, body: { error: 'Unknown Player' } });
    expect(await unlink(first, 'gameplatform')).toMatchObject({ status: 404, body: { error: 'Unknown Provider' } });

    const chat = await signInThroughDevProvider(t, { username: 'segundo', id: '555000777000111' });
    const game = await signInThroughDevProvider(t, { provider: 'gameplatform', username: 'segundo_juega', id: '7700001', cookie: chat.cookie });
    expect(game.callback.headers.location).not.toBe('/');
    const second = await t.http().get('/v1/users/@me').set('Cookie', chat.cookie);
    expect((await lookup('7700001')).body).toMatchObject({ userId: second.body.userId, externalId: '7700001' });
  });

  it('refuses chatapp (403), unknown providers (404), other users and keys (403)', async () => {
    const player = await aPlayer(t);
    await aGamePlatformLink(t, player.user);
    const other = await aPlayer(t);
    expect(await unlink(player, 'chatapp')).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(await unlink(player, 'myspace')).toMatchObject({ status: 404, body: { error: 'Unknown Provider' } });
    expect((await unlink(other, 'gameplatform', player.user.id)).status).toBe(403);
    expect((await withCaller(t.http().delete(`/v1/users/${player.user.id}/providers/gameplatform`), key)).status).toBe(403);
    expect((await withCaller(t.http().delete('/v1/users/@me/providers/gameplatform'), key)).status).toBe(403);
    expect(await t.dataSource.getRepository(ProviderLinkEntity).countBy({ userId: player.user.id })).toBe(1);
  });
});
