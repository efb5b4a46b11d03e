import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication, Type } from '@nestjs/common';
import type { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { PrincipalVersions } from '../../src/cache/principal-versions';
import { JsonExpressAdapter } from '../../src/infrastructure/http/json-adapter';
import { type AppConfig, parseConfig } from '../../src/config/config';
import type { TestBackend } from './backends';

export interface TestApp {
  backend: TestBackend;
  app: INestApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** The listening server's base address, e.g. http://127.0.0.1:40123 */
  url: string;
  /** supertest over a real socket to the listening server. */
  http(): ReturnType<typeof request>;
  /** The environment the operator's command line runs with beside this service: its database and its Redis. */
  cliEnv(): Record<string, string>;
  /**
   * Says that a test wrote these users' rows or sessions behind the service's back (SQL of its
   * own), as the service's own writes do: copies of them kept for authentication are stale now.
   */
  rowsChanged(...userIds: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides, applied last (e.g. another app's DATABASE_URL to share it). */
  env?: Record<string, string>;
  /** Extra controllers mounted beside the application's own (probes of shared mechanisms). */
  controllers?: Type<unknown>[];
  /** The HTTP adapter, made afresh for each attempt to listen; the application's own unless given. */
  adapter?: () => ExpressAdapter;
}

/**
 * Builds the real application exactly as main.ts does, on a fresh database (a new SQLite file, or
 * a new PostgreSQL database) and a fresh storage folder, listening on a free local port.
 */
export async function createTestApp(backend: TestBackend, options: TestAppOptions = {}): Promise<TestApp> {
  const folder = await mkdtemp(join(tmpdir(), 'rp-test-'));
  const port = await freePort();
  const ownDatabase = options.env?.DATABASE_URL ? undefined : await freshDatabase(backend, folder);
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: ownDatabase?.url ?? '',
    STORAGE_URL: `file:${join(folder, 'files')}`,
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    ...options.env,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config)],
    controllers: options.controllers ?? [],
  }).compile();
  const app = moduleRef.createNestApplication(options.adapter?.() ?? new JsonExpressAdapter(), { bodyParser: false });
  configureApp(app, config);
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close();
    await ownDatabase?.drop();
    await rm(folder, { recursive: true, force: true });
    // Another process may take the free port between its probe and this listen: try another.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return createTestApp(backend, options);
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    backend,
    app,
    config,
    dataSource: app.get(DataSource),
    url,
    http: () => request(url),
    cliEnv: () => ({
      NODE_ENV: 'test',
      DATABASE_URL: config.databaseUrl,
      ...(config.redisUrl ? { REDIS_URL: config.redisUrl, REDIS_KEY_PREFIX: config.redisKeyPrefix } : {}),
    }),
    rowsChanged: (...userIds) => app.get(PrincipalVersions).moved(app.get(DataSource).manager, userIds),
    close: async () => {
      await app.close();
      await ownDatabase?.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(backend: TestBackend, folder: string): Promise<FreshDatabase> {
  if (!backend.postgresUrl) return { url: `sqlite:${join(folder, 'platform.sqlite')}`, drop: async () => undefined };
  const name = `rp_test_${randomBytes(8).toString('hex')}`;
  await onServer(backend.postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(backend.postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(backend.postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
