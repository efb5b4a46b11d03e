import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/app';
import { testBackends } from '../support/backends';
import { cli } from '../support/archives';

const PROVIDER_VARIABLES = ['AUTHORIZE_URL', 'TOKEN_URL', 'PROFILE_URL'];

function providers(prefix: 'CHATAPP' | 'GAMEPLATFORM', base: string): Record<string, string> {
  const env: Record<string, string> = { [`${prefix}_CLIENT_ID`]: 'client', [`${prefix}_CLIENT_SECRET`]: 'secret' };
  for (const name of PROVIDER_VARIABLES) env[`${prefix}_${name}`] = `${base}/${name.toLowerCase()}`;
  return env;
}

describe('npm run cli -- doctor', () => {
  let folder: string;
  let answering: Server;
  let silent: Server;
  let answeringUrl: string;
  let silentUrl: string;
  let closedUrl: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-doctor-'));
    answering = createServer((_, response) => response.writeHead(404).end());
    silent = createServer(() => undefined); // never answers
    answeringUrl = await listen(answering);
    silentUrl = await listen(silent);
    closedUrl = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await Promise.all([answering, silent].map((server) => new Promise((resolve) => server.close(resolve))));
    await rm(folder, { recursive: true, force: true });
  });

  const local = () => ({ DATABASE_URL: `sqlite:${join(folder, 'db.sqlite')}`, STORAGE_URL: `file:${join(folder, 'files')}` });

  it('passes on the embedded default, one line per check', async () => {
    const result = await cli(local(), 'doctor');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^ok {2}\s*configuration\s+valid: database sqlite:.*; storage file:.*; redis none/);
    expect(lineOf(result.out, 'database')).toMatch(/^ok .*does not exist yet: it is made at the first start/);
    expect(lines.at(-1)).toBe('all checks passed');
  });

  const postgres = testBackends().find((backend) => backend.postgresUrl);
  (postgres ? it : it.skip)('reaches PostgreSQL and Redis and reads the migration state', async () => {
    const backend = postgres!;
    const result = await cli({ ...local(), DATABASE_URL: backend.postgresUrl!, ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}) }, 'doctor');
    expect(result.out).toMatch(/^ok {2}\s*database\s+reachable; (migrations up to date|\d+ migrations pending)/m);
    if (backend.redisUrl) expect(result.out).toMatch(/^ok {2}\s*redis\s+reachable/m);
    expect(result.out).not.toMatch(/root:|password/);
  });

  it('fails, with what to do, for each dependency that does not answer, and exits 1', async () => {
    const env = {
      ...local(),
      DATABASE_URL: `postgres://someone:hunter2@127.0.0.1:${await freePort()}/nothing`,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      UPSTREAM_TIMEOUT_MS: '500',
      ...providers('CHATAPP', answeringUrl),
      ...providers('GAMEPLATFORM', closedUrl),
      GAMEPLATFORM_THUMBNAILS_URL: silentUrl,
      CHATAPP_API_URL: `${answeringUrl}/api/v10`,
    };
    const result = await cli(env, 'doctor');
    expect(result.code).toBe(1);
    const line = (name: string) => lineOf(result.out, name);
    expect(line('database')).toMatch(/^FAIL .* — start the database or correct DATABASE_URL$/);
    expect(line('redis')).toMatch(/^FAIL .* — start Redis or correct REDIS_URL$/);
    expect(line('chatapp token')).toMatch(/^ok .*answers \(404\)/);
    expect(line('chat REST API')).toMatch(/^ok .*answers \(404\)/);
    expect(line('gameplatform token')).toMatch(/^FAIL .*check GAMEPLATFORM_TOKEN_URL/);
    expect(line('thumbnail service')).toMatch(/^FAIL .*(timeout|aborted).*check GAMEPLATFORM_THUMBNAILS_URL/i);
    expect(result.out).not.toContain('hunter2');
    expect(result.out.split('\n').at(-1)).toMatch(/^\d+ checks failed$/);
  });

  it('fails on a configuration it cannot read, naming the variable', async () => {
    const result = await cli({ ...local(), BACKUP_KEEP: '3' }, 'doctor');
    expect(result).toMatchObject({ code: 1 });
    expect(result.out).toMatch(/^FAIL\s+configuration\s+Invalid configuration: BACKUP_KEEP: needs BACKUP_DIR — set that variable as docs\/operating\.md \(Configuration\) says$/m);
  });
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

function lineOf(output: string, check: string): string | undefined {
  return output.split('\n').find((line) => new RegExp(`^(ok|FAIL)\\s+${check}\\s`).test(line));
}
