import { CharacterEntity } from '../../src/characters/character.entity';
import { uploadSlots } from '../../src/images/uploads/upload-slots';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aBank, aCharacter, aPlayer, type Player } from '../support/factories';
import { aGlb, aPng } from '../support/files';
import { multipartOf, type RawRequest, rawRequest } from '../support/raw-http';
import { sleep } from '../support/wait';

const MIB = 1024 * 1024;

/** Polls until `check` holds, for at most `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`still waiting: ${JSON.stringify(uploadSlots.usage)}`);
    await sleep(10);
  }
}

const slotsAre = (inUse: number, waiting: number) => () =>
  uploadSlots.usage.inUse === inUse && uploadSlots.usage.waiting === waiting;

describeEachBackend('hostile clients: uploads and JSON bodies', (backend) => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    png = await aPng(16, 16);
  });
  afterAll(() => t.close());
  afterEach(() => until(slotsAre(0, 0)));

  const editPath = (player: Player) => `/v1/users/@me/characters/${player.character.id}`;

  /** A character PATCH declaring a big avatar, of which only the first `sentBytes` are written. */
  function partialUpload(player: Player, path = editPath(player), sentBytes = 16 * 1024): RawRequest {
    const { contentType, body } = multipartOf({ data: '{"age":44}' }, { avatar: Buffer.alloc(6 * MIB) });
    const headers = { Cookie: player.cookie, 'Content-Type': contentType, 'Content-Length': String(body.length) };
    return rawRequest(t, { method: 'PATCH', path, headers }, body.subarray(0, sentBytes));
  }

  async function expectServing(): Promise<void> {
    expect((await t.http().get('/v1/health')).status).toBe(200);
  }

  async function expectUnchanged(player: Player): Promise<void> {
    expect(await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: player.character.id })).toEqual(player.character);
  }

  const anUpload = (player: Player) => t.http().patch(editPath(player)).set('Cookie', player.cookie).attach('avatar', png, 'a.png');

  it('answers a multipart body cut off inside a file part with 400 and keeps serving', async () => {
    const player = await aPlayer(t);
    const { contentType, body } = multipartOf({ data: '{"age":44}' }, { avatar: png });
    const truncated = body.subarray(0, body.length - 60);
    const request = rawRequest(t, {
      method: 'PATCH',
      path: editPath(player),
      headers: { Cookie: player.cookie, 'Content-Type': contentType, 'Content-Length': String(truncated.length) },
    }, truncated);
    const response = await request.response;
    request.socket.destroy();
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: 'Invalid form of body',
      details: [{ field: 'body', message: 'is not a well-formed multipart/form-data body' }],
    });
    await expectUnchanged(player);
    await expectServing();
  });

  it('frees the slot of an upload whose client goes away mid-body, and keeps serving', async () => {
    const player = await aPlayer(t);
    const request = partialUpload(player);
    await until(slotsAre(1, 0));
    request.socket.destroy();
    await until(slotsAre(0, 0));
    await expectUnchanged(player);
    await expectServing();
  });

  it('takes an ordinary upload at once after eight aborted ones', async () => {
    const player = await aPlayer(t);
    const aborted = Array.from({ length: 8 }, () => partialUpload(player));
    await until(slotsAre(2, 6));
    for (const request of aborted) request.socket.destroy();
    const started = Date.now();
    const response = await anUpload(player);
    expect(response.status).toBe(200);
    expect(response.body.avatarHash).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not make another user wait behind one user’s six stalled uploads', async () => {
    const stalling = await aPlayer(t);
    const stalled = Array.from({ length: 6 }, () => partialUpload(stalling));
    await until(slotsAre(2, 4));
    const other = await aPlayer(t);
    const started = Date.now();
    const response = await anUpload(other);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(uploadSlots.usage).toEqual({ inUse: 2, waiting: 4 });
    for (const request of stalled) request.socket.destroy();
  });

  it('answers 408 to an upload delivering less than 32 KiB in 5 s, and frees its slot', async () => {
    const player = await aPlayer(t);
    const started = Date.now();
    const request = partialUpload(player);
    await until(slotsAre(1, 0));
    const response = await request.response;
    request.socket.destroy();
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({ error: 'Request Timeout' });
    expect(Date.now() - started).toBeLessThan(7000);
    await until(slotsAre(0, 0));
    await expectUnchanged(player);
  });

  it('does not let two accounts’ stalled uploads hold back a third user’s upload', async () => {
    const [first, second] = [await aPlayer(t), await aPlayer(t)];
    const stalled = [partialUpload(first), partialUpload(first), partialUpload(second), partialUpload(second)];
    await until(slotsAre(3, 1));
    const third = await aPlayer(t);
    const started = Date.now();
    const response = await anUpload(third);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(6000);
    for (const request of stalled) request.socket.destroy();
  });

  describe('refuses before reading the body', () => {
    const DECLARED = 40 * MIB;

    async function expectRefusedEarly(request: RawRequest, status: number, error: string): Promise<void> {
      const response = await request.response;
      expect(request.sent()).toBeLessThan(DECLARED / 100);
      expect(uploadSlots.usage).toEqual({ inUse: 0, waiting: 0 });
      request.socket.destroy();
      expect([response.status, JSON.parse(response.body).error]).toEqual([status, error]);
    }

    function bigUpload(cookie: string, method: string, path: string, field: string): RawRequest {
      const boundary = 'early';
      const start = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\n`);
      const headers = { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(DECLARED) };
      return rawRequest(t, { method, path, headers }, Buffer.concat([start, Buffer.alloc(64 * 1024)]));
    }

    it('of a PATCH to another user’s character', async () => {
      const [caller, owner] = [await aPlayer(t), await aPlayer(t)];
      const theirs = `/v1/users/${owner.user.id}/characters/${owner.character.id}`;
      await expectRefusedEarly(bigUpload(caller.cookie, 'PATCH', theirs, 'avatar'), 403, 'Forbidden');
      const mine = `/v1/users/@me/characters/${owner.character.id}`;
      await expectRefusedEarly(bigUpload(caller.cookie, 'PATCH', mine, 'avatar'), 404, 'Unknown Character');
      await expectUnchanged(owner);
      await expectServing();
    });

    it('of a PATCH to a character under review, or approved for a plain user', async () => {
      const player = await aPlayer(t);
      const pending = await aCharacter(t, player.user, { idStatus: 'pending_approval' });
      const approved = await aCharacter(t, player.user, { idStatus: 'approved' });
      const path = (id: string) => `/v1/users/@me/characters/${id}`;
      await expectRefusedEarly(bigUpload(player.cookie, 'PATCH', path(pending.id), 'avatar'), 403, 'Character Pending Approval');
      await expectRefusedEarly(bigUpload(player.cookie, 'PATCH', path(approved.id), 'avatar'), 403, 'Forbidden');
    });

    it('of a bank icon from someone who neither owns the bank nor administers', async () => {
      const [caller, owner] = [await aPlayer(t), await aPlayer(t)];
      const bank = await aBank(t, owner.character);
      await expectRefusedEarly(bigUpload(caller.cookie, 'PATCH', `/v1/banks/${bank.id}`, 'icon'), 403, 'Forbidden');
      await expectRefusedEarly(bigUpload(caller.cookie, 'PATCH', '/v1/banks/1', 'icon'), 404, 'Unknown Bank');
    });
  });

  describe('JSON', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

    it.each([
      ['nested 5,000 levels deep', `{"firstNames":${deep(5000)}}`, 'nest'],
      ['nested 33 levels deep', `{"firstNames":${deep(32)}}`, 'nest'],
      ['with a __proto__ key', '{"age":44,"__proto__":{"age":1}}', '__proto__'],
      ['with a nested __proto__ key', '{"age":44,"x":[{"__proto__":{}}]}', '__proto__'],
      ['with constructor.prototype', '{"age":44,"constructor":{"prototype":{"age":1}}}', 'prototype'],
    ])('answers a body %s with 400 and details, changing nothing', async (_, text, word) => {
      const player = await aPlayer(t);
      const response = await t.http().patch(editPath(player)).set('Cookie', player.cookie).set('Content-Type', 'application/json').send(text);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'body', message: expect.stringContaining(word) }] });
      await expectUnchanged(player);
    });

    it.each([
      ['nested 5,000 levels deep', `{"firstNames":${deep(5000)}}`, 'nest'],
      ['with a __proto__ key', '{"age":44,"__proto__":{"age":1}}', '__proto__'],
    ])('answers a multipart data field %s with 400 naming data', async (_, text, word) => {
      const player = await aPlayer(t);
      const response = await t.http().patch(editPath(player)).set('Cookie', player.cookie).field('data', text).attach('avatar', png, 'a.png');
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'data', message: expect.stringContaining(word) }]);
      await expectUnchanged(player);
    });

    it('answers deep JSON on any endpoint with 400, never 500', async () => {
      const player = await aPlayer(t);
      const response = await t.http().post('/v1/users/@me/characters').set('Cookie', player.cookie).set('Content-Type', 'application/json').send(deep(5000));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    });

    it('takes JSON nested exactly 32 levels as far as the parser goes', async () => {
      const player = await aPlayer(t);
      const response = await t.http().patch(editPath(player)).set('Cookie', player.cookie).set('Content-Type', 'application/json').send(`{"firstNames":${deep(31)}}`);
      expect(response.status).toBe(400);
      expect(response.body.details.length).toBeGreaterThan(0);
      expect(response.body.details.map((issue: { field: string }) => issue.field)).toEqual(response.body.details.map(() => 'firstNames'));
    });
  });

  it('refuses a GLB whose JSON chunk is 3 MiB with 400 naming the file', async () => {
    const player = await aPlayer(t);
    const glb = aGlb({ asset: { version: '2.0' }, extras: { padding: 'x'.repeat(3 * MIB) } });
    const response = await t.http().patch(editPath(player)).set('Cookie', player.cookie).attach('avatar3dGlb', glb, 'm.glb');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'avatar3dGlb', message: 'must have a JSON chunk of at most 2 MiB' }]);
    await expectUnchanged(player);
  });
});

describeEachBackend('hostile clients: a stalled body', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { BODY_TIMEOUT_MS: '800' } });
  });
  afterAll(() => t.close());

  it('answers 408 once the configured deadline passes, frees its slot and keeps serving', async () => {
    const player = await aPlayer(t);
    const { contentType, body } = multipartOf({ data: '{"age":44}' }, { avatar: Buffer.alloc(MIB) });
    const request = rawRequest(t, {
      method: 'PATCH',
      path: `/v1/users/@me/characters/${player.character.id}`,
      headers: { Cookie: player.cookie, 'Content-Type': contentType, 'Content-Length': String(body.length) },
    }, body.subarray(0, 1000));
    const response = await request.response;
    request.socket.destroy();
    expect(response.status).toBe(408);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toEqual({ error: 'Request Timeout' });
    await until(slotsAre(0, 0));
    expect((await t.http().get('/v1/health')).status).toBe(200);
  });

  it('answers 408 to a JSON body that stops arriving, and changes nothing', async () => {
    const player = await aPlayer(t);
    const request = rawRequest(t, {
      method: 'PATCH',
      path: `/v1/users/@me/characters/${player.character.id}`,
      headers: { Cookie: player.cookie, 'Content-Type': 'application/json', 'Content-Length': '1000' },
    }, Buffer.from('{"age":44,'));
    const response = await request.response;
    request.socket.destroy();
    expect([response.status, response.headers.connection, JSON.parse(response.body)]).toEqual([408, 'close', { error: 'Request Timeout' }]);
    expect(await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: player.character.id })).toEqual(player.character);
    expect((await t.http().get('/v1/health')).status).toBe(200);
  });
});
