export interface TestBackend {
  name: 'sqlite' | 'postgres+redis';
  /** Server URL on which a fresh database is created per app; none for SQLite. */
  postgresUrl?: string;
  redisUrl?: string;
}

/** SQLite always; PostgreSQL and Redis too when TEST_DATABASE_URL and TEST_REDIS_URL are set. */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'sqlite' }];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) backends.push({ name: 'postgres+redis', postgresUrl, redisUrl: process.env.TEST_REDIS_URL });
  return backends;
}

/** Runs the same end-to-end block once per backend, named after it in the output. */
export function describeEachBackend(title: string, block: (backend: TestBackend) => void): void {
  for (const backend of testBackends()) {
    describe(`${title} [${backend.name}]`, () => block(backend));
  }
}
