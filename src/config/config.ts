import { z } from 'zod';
import { imageOrigins, NetworkSettingError, parseTrustProxy } from './network';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scopes: string[];
}

export interface S3Config {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The validated configuration of one process. Inject it by class. */
export class AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  publicBaseUrl: string;
  databaseUrl: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  /** Decisions §13: the longest any one database statement, or Redis command, may take. */
  dependencyTimeouts: { databaseStatementMs: number; redisCommandMs: number };
  storageUrl: string;
  s3: S3Config;
  cookieDomain?: string;
  cookieSecure: boolean;
  redirectAllowlist: string[];
  corsOrigins: string[];
  failureRedirectUrl: string;
  chatapp: OAuthProviderConfig;
  gameplatform: OAuthProviderConfig;
  gameplatformThumbnailsUrl: string;
  /** Origins the thumbnail service's image URLs may point at. */
  gameplatformImageOrigins: string[];
  devProviders: boolean;
  /** How long a started sign-in (its state and binding cookie) stays usable. */
  oauthStateTtlMs: number;
  /** Bound of the in-memory short-lived store (without Redis). */
  cacheMaxEntries: number;
  defaultMaxCharacters: number;
  /** A hop count or the trusted proxies' CIDRs. */
  trustProxy?: number | string[];
  /** Whether a reviewer may approve or reject their own characters. */
  reviewSelfApproval: boolean;
  logLevel: string;
  /** Unset: leased per process (see WorkerIdLease). */
  snowflakeWorkerId?: number;
  rateLimits: { enabled: boolean; defaultPerMinute: number; servicePerMinute: number };
  upstreamTimeoutMs: number;
  /** The tags staff may put on users (`STAFF_TAGS`), lowercase. */
  staffTags: string[];
  shutdown: { delayMs: number; drainMs: number };
  /** Unset: no metrics listener. */
  metricsPort?: number;
  bodyTimeoutMs: number;
  webhooks: WebhookConfig;
  /** Unset: no scheduled backups. */
  backups?: BackupConfig;
  /** Unset: chat roles, membership gating and their sync are off (decisions §15). */
  chatRoles?: ChatRolesConfig;
  /** Staff bits count only for a user whose chat profile reported `mfa_enabled` at the latest sign-in. */
  staffRequireChatMfa: boolean;
}

export interface ChatRolesConfig {
  /** The chat provider's REST base, without a trailing slash. */
  apiUrl: string;
  botToken: string;
  guildId: string;
  syncIntervalMs: number;
}

export interface BackupConfig {
  dir: string;
  intervalMs: number;
  keep: number;
}

export interface WebhookConfig {
  retryBaseMs: number;
  retryWindowMs: number;
  pollMs: number;
  /** Lets webhooks reach loopback, private and link-local addresses, over plain http too (tests, labs). */
  allowPrivate: boolean;
}

export class ConfigError extends Error {}

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));
const optionalText = z.string().trim().min(1).optional();
const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const switchText = z.enum(['on', 'off', 'true', 'false']).transform((v) => v === 'on' || v === 'true');
const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const urlList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/ })));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: integerText(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_BASE_URL: httpUrl.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or postgres://…')
    .default('sqlite:./data/platform.sqlite'),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://…').optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('rp:'),
  DATABASE_STATEMENT_TIMEOUT_MS: integerText(100, 600_000).default(5000),
  REDIS_COMMAND_TIMEOUT_MS: integerText(50, 60_000).default(1000),
  STORAGE_URL: z
    .string()
    .regex(/^(file:.+|s3:\/\/[a-z0-9.-]{3,63}(\/.*)?)$/, 'must be file:<folder> or s3://bucket')
    .default('file:./data/files'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  COOKIE_DOMAIN: z.string().regex(/^\.?[a-z0-9.-]+$/i, 'must be a host name').optional(),
  COOKIE_SECURE: booleanText.optional(),
  REDIRECT_ALLOWLIST: urlList.optional(),
  CORS_ORIGINS: urlList.optional(),
  FAILURE_REDIRECT_URL: z.string().regex(/^(\/(?!\/)|https?:\/\/)/, 'must be a path or an http(s) URL').default('/'),
  CHATAPP_CLIENT_ID: optionalText,
  CHATAPP_CLIENT_SECRET: optionalText,
  CHATAPP_AUTHORIZE_URL: httpUrl.optional(),
  CHATAPP_TOKEN_URL: httpUrl.optional(),
  CHATAPP_PROFILE_URL: httpUrl.optional(),
  CHATAPP_SCOPES: z.string().default('identify'),
  GAMEPLATFORM_CLIENT_ID: optionalText,
  GAMEPLATFORM_CLIENT_SECRET: optionalText,
  GAMEPLATFORM_AUTHORIZE_URL: httpUrl.optional(),
  GAMEPLATFORM_TOKEN_URL: httpUrl.optional(),
  GAMEPLATFORM_PROFILE_URL: httpUrl.optional(),
  GAMEPLATFORM_SCOPES: z.string().default('openid profile'),
  GAMEPLATFORM_THUMBNAILS_URL: httpUrl.optional(),
  GAMEPLATFORM_IMAGE_ORIGINS: z.string().optional(),
  DEV_PROVIDERS: booleanText.optional(),
  OAUTH_STATE_TTL_SECONDS: integerText(1, 3600).default(600),
  CACHE_MAX_ENTRIES: integerText(100, 10_000_000).default(100_000),
  DEFAULT_MAX_CHARACTERS: integerText(0, 1000).default(3),
  TRUST_PROXY: optionalText,
  REVIEW_SELF_APPROVAL: booleanText.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SNOWFLAKE_WORKER_ID: integerText(0, 1023).optional(),
  RATE_LIMITS: switchText.default(true),
  RATE_LIMIT_DEFAULT: integerText(1, 1_000_000).default(300),
  RATE_LIMIT_SERVICE: integerText(1, 1_000_000).default(3000),
  UPSTREAM_TIMEOUT_MS: integerText(100, 120_000).default(5000),
  STAFF_TAGS: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((tag) => tag.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'tags are 1–32 of a-z, 0-9, _ and -')).min(1, 'must list at least one tag'))
    .default(['watchlist', 'vip', 'new-player']),
  SHUTDOWN_DELAY_MS: integerText(0, 120_000).default(5000),
  SHUTDOWN_DRAIN_MS: integerText(0, 120_000).default(25_000),
  METRICS_PORT: integerText(1, 65535).optional(),
  BODY_TIMEOUT_MS: integerText(100, 600_000).default(30_000),
  WEBHOOK_RETRY_BASE_MS: integerText(1, 3_600_000).default(30_000),
  WEBHOOK_RETRY_WINDOW_MS: integerText(1, 30 * 24 * 3_600_000).default(24 * 3_600_000),
  WEBHOOK_POLL_MS: integerText(10, 3_600_000).default(1000),
  WEBHOOK_ALLOW_PRIVATE: booleanText.default(false),
  BACKUP_DIR: optionalText,
  BACKUP_INTERVAL_MS: integerText(1000, 30 * 24 * 3_600_000).optional(),
  BACKUP_KEEP: integerText(1, 10_000).optional(),
  CHATAPP_API_URL: httpUrl.optional(),
  CHATAPP_BOT_TOKEN: z.string().trim().regex(/^[\x21-\x7e]{1,512}$/, 'must be the bot token, printable characters without spaces').optional(),
  CHATAPP_GUILD_ID: z.string().trim().regex(/^[\w-]{1,64}$/, 'must be the community (guild) id').optional(),
  ROLE_SYNC_INTERVAL_MS: integerText(1000, 30 * 24 * 3_600_000).optional(),
  STAFF_REQUIRE_CHAT_MFA: booleanText.default(false),
});

type Env = z.infer<typeof schema>;

/**
 * Reads and validates the environment. Throws a ConfigError whose message is one line naming the
 * first offending variable.
 */
export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  return buildConfig(parsed.data);
}

/** A setting checked past its schema: the same one-line error, naming the variable. */
function setting<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof NetworkSettingError) throw new ConfigError(`Invalid configuration: ${name}: ${error.message}`);
    throw error;
  }
}

function buildConfig(env: Env): AppConfig {
  // Anyone reaching the development providers can sign in as anyone: on by themselves only on loopback.
  const devProviders = env.DEV_PROVIDERS ?? (!env.CHATAPP_CLIENT_ID && env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST));
  if (devProviders && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: DEV_PROVIDERS: development providers are refused when NODE_ENV=production');
  }
  const base = env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`;
  const redirectAllowlist = env.REDIRECT_ALLOWLIST ?? (env.NODE_ENV === 'production' ? [] : [`${base}/`]);
  const config = Object.assign(new AppConfig(), {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: base,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    dependencyTimeouts: { databaseStatementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, redisCommandMs: env.REDIS_COMMAND_TIMEOUT_MS },
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    storageUrl: env.STORAGE_URL,
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
    cookieDomain: env.COOKIE_DOMAIN,
    cookieSecure: env.COOKIE_SECURE ?? base.startsWith('https:'),
    redirectAllowlist,
    corsOrigins: env.CORS_ORIGINS?.map(originOf) ?? [...new Set(redirectAllowlist.map(originOf))],
    failureRedirectUrl: env.FAILURE_REDIRECT_URL,
    chatapp: providerConfig(env, 'CHATAPP', devProviders, base, {
      authorize: '/dev/chatapp/oauth/authorize',
      token: '/dev/chatapp/oauth/token',
      profile: '/dev/chatapp/users/@me',
    }),
    gameplatform: providerConfig(env, 'GAMEPLATFORM', devProviders, base, {
      authorize: '/dev/gameplatform/oauth/authorize',
      token: '/dev/gameplatform/oauth/token',
      profile: '/dev/gameplatform/oauth/userinfo',
    }),
    gameplatformThumbnailsUrl:
      env.GAMEPLATFORM_THUMBNAILS_URL ?? devDefault(devProviders, base, '/dev/gameplatform/thumbnails', 'GAMEPLATFORM_THUMBNAILS_URL'),
    devProviders,
    oauthStateTtlMs: env.OAUTH_STATE_TTL_SECONDS * 1000,
    cacheMaxEntries: env.CACHE_MAX_ENTRIES,
    defaultMaxCharacters: env.DEFAULT_MAX_CHARACTERS,
    trustProxy: setting('TRUST_PROXY', () => parseTrustProxy(env.TRUST_PROXY)),
    reviewSelfApproval: env.REVIEW_SELF_APPROVAL,
    logLevel: env.LOG_LEVEL,
    snowflakeWorkerId: env.SNOWFLAKE_WORKER_ID,
    rateLimits: { enabled: env.RATE_LIMITS, defaultPerMinute: env.RATE_LIMIT_DEFAULT, servicePerMinute: env.RATE_LIMIT_SERVICE },
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    staffTags: env.STAFF_TAGS,
    shutdown: { delayMs: env.SHUTDOWN_DELAY_MS, drainMs: env.SHUTDOWN_DRAIN_MS },
    metricsPort: env.METRICS_PORT,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    webhooks: {
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      retryWindowMs: env.WEBHOOK_RETRY_WINDOW_MS,
      pollMs: env.WEBHOOK_POLL_MS,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    },
    backups: backupConfig(env),
    chatRoles: chatRolesConfig(env, devProviders, base),
    staffRequireChatMfa: env.STAFF_REQUIRE_CHAT_MFA,
  });
  config.gameplatformImageOrigins = setting('GAMEPLATFORM_IMAGE_ORIGINS', () =>
    imageOrigins({
      listed: env.GAMEPLATFORM_IMAGE_ORIGINS,
      thumbnailsUrl: config.gameplatformThumbnailsUrl,
      devOrigin: devProviders ? originOf(base) : undefined,
    }),
  );
  return config;
}

/** BACKUP_DIR turns scheduled backups on: daily, the newest 7 kept, unless told otherwise. */
function backupConfig(env: Env): BackupConfig | undefined {
  if (!env.BACKUP_DIR) {
    const stray = env.BACKUP_INTERVAL_MS !== undefined ? 'BACKUP_INTERVAL_MS' : env.BACKUP_KEEP !== undefined ? 'BACKUP_KEEP' : undefined;
    if (stray) throw new ConfigError(`Invalid configuration: ${stray}: needs BACKUP_DIR`);
    return undefined;
  }
  return { dir: env.BACKUP_DIR, intervalMs: env.BACKUP_INTERVAL_MS ?? 86_400_000, keep: env.BACKUP_KEEP ?? 7 };
}

const CHAT_ROLE_SETTINGS = ['CHATAPP_API_URL', 'CHATAPP_BOT_TOKEN', 'CHATAPP_GUILD_ID'] as const;

/**
 * The three chat settings turn chat roles on together; the development providers stand in for
 * them. Half a configuration is refused rather than silently off.
 */
function chatRolesConfig(env: Env, devProviders: boolean, base: string): ChatRolesConfig | undefined {
  const syncIntervalMs = env.ROLE_SYNC_INTERVAL_MS ?? 900_000;
  const given = CHAT_ROLE_SETTINGS.filter((name) => env[name] !== undefined);
  if (given.length === 0) {
    if (env.ROLE_SYNC_INTERVAL_MS !== undefined && !devProviders) throw new ConfigError('Invalid configuration: ROLE_SYNC_INTERVAL_MS: needs CHATAPP_API_URL');
    return devProviders ? { apiUrl: `${base}/dev/chatapp/api`, botToken: 'dev-bot-token', guildId: 'dev-community', syncIntervalMs } : undefined;
  }
  const missing = CHAT_ROLE_SETTINGS.find((name) => env[name] === undefined);
  if (missing) throw new ConfigError(`Invalid configuration: ${missing}: required with ${given[0]}`);
  return { apiUrl: env.CHATAPP_API_URL!, botToken: env.CHATAPP_BOT_TOKEN!, guildId: env.CHATAPP_GUILD_ID!, syncIntervalMs };
}

type ProviderPrefix = 'CHATAPP' | 'GAMEPLATFORM';

function providerConfig(
  env: Env,
  prefix: ProviderPrefix,
  devProviders: boolean,
  base: string,
  devPaths: { authorize: string; token: string; profile: string },
): OAuthProviderConfig {
  const devClient = `dev-${prefix.toLowerCase()}`;
  const pick = (suffix: string, devValue: string) => {
    const name = `${prefix}_${suffix}` as keyof Env;
    const value = env[name] as string | undefined;
    return value ?? devDefault(devProviders, base, devValue, name, suffix.endsWith('URL'));
  };
  return {
    clientId: pick('CLIENT_ID', devClient),
    clientSecret: pick('CLIENT_SECRET', 'dev-secret'),
    authorizeUrl: pick('AUTHORIZE_URL', devPaths.authorize),
    tokenUrl: pick('TOKEN_URL', devPaths.token),
    profileUrl: pick('PROFILE_URL', devPaths.profile),
    scopes: (env[`${prefix}_SCOPES`] as string).split(/\s+/).filter(Boolean),
  };
}

function devDefault(devProviders: boolean, base: string, devValue: string, name: string, isPath = true): string {
  if (!devProviders) throw new ConfigError(`Invalid configuration: ${name}: required when DEV_PROVIDERS is off`);
  return isPath ? `${base}${devValue}` : devValue;
}

/** A listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function originOf(url: string): string {
  return new URL(url).origin;
}
