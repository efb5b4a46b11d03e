import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { operationName, operationsOf, type Operation } from './openapi';

/**
 * Every operation of the OpenAPI document answers 401 without credentials, except the ones
 * listed here as public: a route that forgets `@Authenticated()` fails this test.
 */
const PUBLIC_OPERATIONS = [
  'GET /v1/health',
  'GET /v1/nationalities',
  'GET /v1/images/{type}/{hash}',
  'POST /v1/oauth/{provider}',
  'GET /v1/oauth/{provider}',
];

/** A well-formed value per path parameter, so the request reaches the route, not a 404 of the router. */
const SAMPLE_PARAMS: Record<string, string> = { provider: 'chatapp', type: 'avatar', hash: `${'a'.repeat(64)}.png` };

function samplePath(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1234567890123456789');
}

describeEachBackend('route sweep', (backend) => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
    operations = operationsOf((await t.http().get('/v1/openapi.json').expect(200)).body);
  });

  afterAll(async () => {
    await t?.close();
  });

  test('the public list names only operations that exist', () => {
    const names = operations.map(operationName);
    expect(PUBLIC_OPERATIONS.filter((name) => !names.includes(name))).toEqual([]);
  });

  test('every other operation answers 401 without credentials, before reading its body', async () => {
    const answers: Record<string, number> = {};
    for (const operation of operations.filter((op) => !PUBLIC_OPERATIONS.includes(operationName(op)))) {
      const response = await t.http()[operation.method.toLowerCase() as 'get'](samplePath(operation)).send(operation.json ? {} : undefined);
      answers[operationName(operation)] = response.status;
    }
    const unprotected = Object.entries(answers).filter(([, status]) => status !== 401);
    expect(unprotected).toEqual([]);
    expect(Object.keys(answers).length).toBeGreaterThan(20);
  });

  test('every guarded operation declares its cookie security in the document', () => {
    const undeclared = operations.filter((op) => !op.secured && !PUBLIC_OPERATIONS.includes(operationName(op))).map(operationName);
    expect(undeclared).toEqual([]);
  });
});
