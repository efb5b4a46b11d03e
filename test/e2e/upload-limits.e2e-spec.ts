import { CharacterEntity } from '../../src/characters/character.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aPlayer, type Player } from '../support/factories';
import { aGlbOfSize, aPng, aPngOfSize } from '../support/files';

const MIB = 1024 * 1024;

/** The upload limits at their edges (decisions §4.13): the largest accepted file, and one step past it. */
describeEachBackend('upload limits at their edges', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => t.close());

  const upload = (player: Player, field: string, file: Buffer, name: string) =>
    t.http().patch(`/v1/users/@me/characters/${player.character.id}`).set('Cookie', player.cookie).attach(field, file, name);
  const stored = (player: Player) => t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: player.character.id });

  it('takes a 4096×4096 PNG', async () => {
    const player = await aPlayer(t);
    const response = await upload(player, 'avatar', await aPng(4096, 4096), 'edge.png');
    expect(response.status).toBe(200);
    expect(response.body.avatarHash).toMatch(/^[0-9a-f]{64}\.png$/);
    expect((await stored(player)).avatarHash).toBe(response.body.avatarHash);
  });

  it.each([
    [4097, 4096],
    [4096, 4097],
  ])('refuses a %i×%i PNG and stores nothing', async (width, height) => {
    const player = await aPlayer(t);
    const response = await upload(player, 'fullBody', await aPng(width, height), 'over.png');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'fullBody', message: 'must be at most 4096×4096 pixels' }] });
    expect(await stored(player)).toEqual(player.character);
  });

  it('takes a signature of exactly 1 MiB, and refuses one a byte over', async () => {
    const player = await aPlayer(t);
    const edge = await aPngOfSize(MIB);
    expect(edge.length).toBe(MIB);
    const taken = await upload(player, 'signature', edge, 'signature.png');
    expect(taken.status).toBe(200);
    expect((await stored(player)).signatureData).toBe(`data:image/png;base64,${edge.toString('base64')}`);

    const other = await aPlayer(t);
    const over = await upload(other, 'signature', await aPngOfSize(MIB + 1), 'signature.png');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'signature', message: 'must be at most 1 MiB' }] });
    expect(await stored(other)).toEqual(other.character);
  });

  it('takes a GLB of exactly 32 MiB', async () => {
    const player = await aPlayer(t);
    const response = await upload(player, 'avatar3dGlb', aGlbOfSize(32 * MIB), 'edge.glb');
    expect(response.status).toBe(200);
    expect(response.body.avatar3dHash).toMatch(/^[0-9a-f]{64}\.glb$/);
    expect((await stored(player)).avatar3dHash).toBe(response.body.avatar3dHash);
  });

  it('refuses a GLB one byte over 32 MiB and stores nothing', async () => {
    const player = await aPlayer(t);
    const response = await upload(player, 'avatar3dGlb', aGlbOfSize(32 * MIB + 1), 'over.glb');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid form of body', details: [{ field: 'avatar3dGlb', message: 'must be at most 32 MiB' }] });
    expect(await stored(player)).toEqual(player.character);
  });
});
