import { SessionEntity } from '../../src/auth/session.entity';
import { runCli } from '../../src/cli/main';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aUser } from '../support/factories';
import { signInThroughDevProvider } from '../support/sign-in';

describeEachBackend('command-line tool', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, t.cliEnv(), { out: (text) => out.push(text), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err };
  }

  it("notes, on PostgreSQL without the service's Redis, that instances see a change to a user late", async () => {
    const user = await aUser(t);
    const err: string[] = [];
    const env = { NODE_ENV: 'test', DATABASE_URL: t.config.databaseUrl };
    expect(await runCli(['set-max-characters', user.id, '4'], env, { out: () => undefined, err: (line) => err.push(line) })).toBe(0);
    expect(err).toEqual(t.backend.postgresUrl ? [expect.stringContaining('REDIS_URL is not set here')] : []);
  });

  it('grants ADMINISTRATOR to a chatapp:<id> user, and the next request sees it', async () => {
    const { cookie } = await signInThroughDevProvider(t, { username: 'first_admin', id: '880000000000001' });
    const before = await t.http().get('/v1/users/@me').set('Cookie', cookie);
    expect(before.body.permissions).toBe('1');

    const granted = await cli('grant', 'chatapp:880000000000001', 'ADMINISTRATOR');
    expect(granted).toMatchObject({ code: 0, err: [] });
    expect(JSON.parse(granted.out)).toMatchObject({
      userId: before.body.userId,
      permissions: '9',
      permissionNames: ['USER', 'ADMINISTRATOR'],
      providers: ['chatapp:880000000000001'],
    });
    const sessions = await t.dataSource.getRepository(SessionEntity).findBy({ userId: before.body.userId });
    expect(sessions.every((session) => !session.active)).toBe(true);

    const after = await t.http().get('/v1/users/@me').set('Cookie', cookie);
    expect(after.status).toBe(200);
    expect(after.body.permissions).toBe('9');
    expect(after.headers['set-cookie']).toHaveLength(2);
    const target = await aUser(t);
    const patch = await t.http().patch(`/v1/users/${target.id}`).set('Cookie', cookie).send({ maxCharacters: 5 });
    expect(patch.status).toBe(200);
  });

  it('revokes, sets maxCharacters and shows a user by id', async () => {
    const user = await aUser(t, { permissions: Permission.USER | Permission.STAFF | Permission.DEVELOPER });
    expect((await cli('revoke', user.id, 'staff', 'DEVELOPER')).code).toBe(0);
    expect((await cli('set-max-characters', user.id, '7')).code).toBe(0);
    const stored = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id });
    expect(stored).toMatchObject({ permissions: Permission.USER, maxCharacters: 7 });
    const shown = await cli('show', user.id);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out)).toEqual({
      userId: user.id,
      permissions: '1',
      permissionNames: ['USER'],
      maxCharacters: 7,
      activeCharacterId: null,
      providers: [],
      createdAt: expect.any(String),
    });
  });

  it.each([
    [[], 2, /usage/],
    [['promote', '123'], 2, /unknown command "promote"/],
    [['grant'], 2, /needs a <user>/],
    [['grant', '1234567890123456789'], 2, /at least one permission/],
    [['grant', '1234567890123456789', 'OVERLORD'], 2, /unknown permission "OVERLORD"/],
    [['grant', 'someone', 'USER'], 2, /neither a user id nor chatapp/],
    [['set-max-characters', '1234567890123456789', '-1'], 2, /whole number from 0 to 1000/],
    [['set-max-characters', '1234567890123456789', '5000'], 2, /whole number from 0 to 1000/],
    [['show', '1234567890123456789', 'extra'], 2, /unexpected "extra"/],
    [['show', '1234567890123456789'], 1, /no user 1234567890123456789/],
    [['grant', '1234567890123456789', 'USER'], 1, /no user 1234567890123456789/],
    [['grant', 'chatapp:nobody', 'USER'], 1, /no user is linked to chatapp:nobody/],
  ])('%j exits %i with one clear line', async (argv, code, message) => {
    const result = await cli(...(argv as string[]));
    expect(result.code).toBe(code);
    expect(result.out).toBe('');
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/^error: /);
    expect(result.err[0]).toMatch(message);
    expect(result.err[0]).not.toContain('\n');
  });

  it('reports a bad configuration in one line', async () => {
    const err: string[] = [];
    const code = await runCli(['show', '1234567890123456789'], { DATABASE_URL: 'mysql://x' }, { out: () => undefined, err: (line) => err.push(line) });
    expect(code).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^error: Invalid configuration: DATABASE_URL/)]);
  });
});
