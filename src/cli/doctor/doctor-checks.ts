import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/config';
import { buildDataSourceOptions, dialectOf } from '../../database/data-source-options';
import { createImageStore } from '../../images/images.module';

/** One thing the service needs: what it is, how to look, and what to do when it fails. */
export interface Check {
  name: string;
  /** Resolves with what was found; rejects with why it failed. */
  run(): Promise<string>;
  fix: string;
}

/** Every dependency the configuration names, in the order the service would meet them. */
export function checksFor(config: AppConfig): Check[] {
  const checks: Check[] = [
    { name: 'database', run: () => checkDatabase(config.databaseUrl), fix: 'start the database or correct DATABASE_URL' },
    ...(config.redisUrl ? [{ name: 'redis', run: () => checkRedis(config.redisUrl!), fix: 'start Redis or correct REDIS_URL' }] : []),
    { name: 'file store', run: () => checkFileStore(config), fix: 'create the folder or bucket, or correct STORAGE_URL and the S3_* settings' },
    ...providerChecks(config),
  ];
  // The development chat community is served by the service itself, like the other development providers.
  const chatApi = config.devProviders ? undefined : config.chatRoles?.apiUrl;
  if (chatApi) {
    checks.push({ name: 'chat REST API', run: () => answersHttp(chatApi, config.upstreamTimeoutMs), fix: 'check CHATAPP_API_URL and that this machine can reach it' });
  }
  if (config.backups) {
    const dir = config.backups.dir;
    checks.push({ name: 'backups', run: () => writableFolder(dir), fix: 'create BACKUP_DIR and let the service write to it' });
  }
  return checks;
}

async function checkDatabase(url: string): Promise<string> {
  if (dialectOf(url) === 'sqlite') {
    const file = resolve(url.slice('sqlite:'.length));
    if (!(await exists(file))) return `${file} does not exist yet: it is made at the first start (${await writableFolder(dirname(file))})`;
  }
  const dataSource = await new DataSource({ ...buildDataSourceOptions(url), ...postgresTimeouts(url) }).initialize();
  try {
    await dataSource.query('SELECT 1');
    const known = dataSource.migrations.map((migration) => migration.name);
    const tables: unknown[] = await dataSource.query(
      dialectOf(url) === 'sqlite'
        ? `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`
        : `SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'migrations'`,
    );
    const applied: { name: string }[] = tables.length ? await dataSource.query('SELECT "name" FROM "migrations"') : [];
    const unknown = applied.find((row) => !known.includes(row.name));
    if (unknown) throw new Error(`migrated by a newer version of the service (${unknown.name}): run that version, or restore a backup`);
    const pending = known.length - applied.length;
    return `reachable; ${pending ? `${pending} migrations pending, applied at the next start` : `migrations up to date (${known.at(-1)})`}`;
  } finally {
    await dataSource.destroy();
  }
}

function postgresTimeouts(url: string): object {
  return dialectOf(url) === 'postgres' ? { extra: { max: 1, connectionTimeoutMillis: 5000 } } : {};
}

async function checkRedis(url: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return `reachable (PING answered ${await redis.ping()})`;
  } finally {
    redis.disconnect();
  }
}

async function checkFileStore(config: AppConfig): Promise<string> {
  if (config.storageUrl.startsWith('file:')) {
    const folder = resolve(config.storageUrl.slice('file:'.length));
    return (await exists(folder)) ? `${folder}: ${await writableFolder(folder)}` : `${folder} does not exist yet: ${await writableFolder(dirname(folder))}, made at the first upload`;
  }
  const store = createImageStore(config);
  try {
    await store.check();
    return `bucket of ${config.storageUrl} reachable`;
  } finally {
    (store as { close?: () => void }).close?.();
  }
}

/** The OAuth endpoints and the thumbnail service answer over HTTP (any status below 500). */
function providerChecks(config: AppConfig): Check[] {
  if (config.devProviders) {
    return [{ name: 'sign-in providers', run: async () => 'the development providers, served by the service itself: nothing to reach', fix: '' }];
  }
  const endpoints: [string, string, string][] = [
    ['chatapp authorize', config.chatapp.authorizeUrl, 'CHATAPP_AUTHORIZE_URL'],
    ['chatapp token', config.chatapp.tokenUrl, 'CHATAPP_TOKEN_URL'],
    ['chatapp profile', config.chatapp.profileUrl, 'CHATAPP_PROFILE_URL'],
    ['gameplatform authorize', config.gameplatform.authorizeUrl, 'GAMEPLATFORM_AUTHORIZE_URL'],
    ['gameplatform token', config.gameplatform.tokenUrl, 'GAMEPLATFORM_TOKEN_URL'],
    ['gameplatform profile', config.gameplatform.profileUrl, 'GAMEPLATFORM_PROFILE_URL'],
    ['thumbnail service', config.gameplatformThumbnailsUrl, 'GAMEPLATFORM_THUMBNAILS_URL'],
  ];
  return endpoints.map(([name, url, variable]) => ({
    name,
    run: () => answersHttp(url, config.upstreamTimeoutMs),
    fix: `check ${variable} and that this machine can reach it`,
  }));
}

async function answersHttp(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`${new URL(url).origin} answered ${response.status}`);
  return `${new URL(url).origin} answers (${response.status})`;
}

async function writableFolder(folder: string): Promise<string> {
  if (!(await stat(folder)).isDirectory()) throw new Error(`${folder} is not a folder`);
  await access(folder, constants.W_OK);
  return 'writable';
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
