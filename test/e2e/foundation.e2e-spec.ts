import { connect } from 'node:net';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aCharacter, aUser } from '../support/factories';

describeEachBackend('foundation', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers the health check with 200 and an empty body', async () => {
    const response = await t.http().get('/v1/health');
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('keeps a well-formed X-Request-Id from the caller', async () => {
    const response = await t.http().get('/v1/health').set('X-Request-Id', 'abc-123');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('has no two routes that answer the same request, so their order (hot modules first) decides nothing', () => {
    interface RouteLayer {
      route?: { path: string; methods: Record<string, boolean> };
      match(path: string): boolean;
    }
    const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
    // The modules' routes: not the documentation (mounted before every module) nor the dev form
    // parsers (`{*path}` mounts that pass every request on).
    const routes = express.router.stack.filter((layer) => layer.route && !/^\/v1\/docs|\{\*/.test(layer.route.path));
    const overlaps: string[] = [];
    for (const one of routes) {
      // A request for the route with every parameter filled in, as another route might read it.
      const request = one.route!.path.replace(/:\w+/g, 'x1').replace(/\{\*\w+\}/g, 'x/y');
      for (const other of routes) {
        const sameMethod = Object.keys(one.route!.methods).some((method) => other.route!.methods[method]);
        if (other !== one && sameMethod && other.match(request)) overlaps.push(`${other.route!.path} ~ ${one.route!.path}`);
      }
    }
    // Within one controller, where Nest keeps the declared order: the fixed path is declared first.
    expect(overlaps).toEqual(['/v1/oauth/:provider ~ /v1/oauth/logout']);
  });

  it('answers request targets without a usual path with 404, and routes a path in any letter case', async () => {
    for (const target of ['x://a', '*', '//v1/health', 'http://127.0.0.1/v1/no/such']) {
      expect(await statusLineOf(t.url, target)).toBe('HTTP/1.1 404 Not Found');
    }
    expect(await statusLineOf(t.url, 'http://127.0.0.1/v1/health')).toBe('HTTP/1.1 200 OK');
    expect((await t.http().get('/V1/Health/')).status).toBe(200);
  });

  it('answers an unknown path with 404 JSON', async () => {
    const response = await t.http().get('/v1/no/such/path');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not Found' });
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const response = await t.http().post('/v1/health').set('Content-Type', 'application/json').send('{"broken":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed request body' });
  });

  it('refuses a JSON body over 100 KiB with 413', async () => {
    const response = await t
      .http()
      .post('/v1/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(110 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Payload Too Large' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.http().get('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.paths['/v1/health']).toBeDefined();
  });

  it('keeps ids above 2^53 exact through the database', async () => {
    const id = '9007199254740993123';
    const user = await aUser(t, { id, permissions: Permission.USER | Permission.STAFF });
    expect(user.id).toBe(id);
    const character = await aCharacter(t, user, { id: '9223372036854775807' });
    expect(character.id).toBe('9223372036854775807');
    expect(character.userId).toBe(id);
    const reread = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
    expect(reread.permissions).toBe(Permission.USER | Permission.STAFF);
  });

  it('makes generated ids strings above 2^53', async () => {
    const user = await aUser(t);
    expect(typeof user.id).toBe('string');
    expect(BigInt(user.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});

/** The status line of a GET with exactly `target` as its request target, which no HTTP client sends as is. */
function statusLineOf(baseUrl: string, target: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('end', () => resolve(received.split('\r\n', 1)[0]));
    socket.on('error', reject);
  });
}
