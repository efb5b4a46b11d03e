import { ConfigError, isLoopbackHost, parseConfig } from '../../src/config/config';

function configError(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('starts on the embedded defaults with the development providers', () => {
    const config = parseConfig({});
    expect(config.databaseUrl).toBe('sqlite:./data/platform.sqlite');
    expect(config.storageUrl).toBe('file:./data/files');
    expect(config.devProviders).toBe(true);
    expect(config.chatapp.authorizeUrl).toBe('http://localhost:3000/dev/chatapp/oauth/authorize');
    expect(config.gameplatform.scopes).toEqual(['openid', 'profile']);
    expect(config.redirectAllowlist).toEqual(['http://localhost:3000/']);
    expect(config.corsOrigins).toEqual(['http://localhost:3000']);
    expect(config.cookieSecure).toBe(false);
    expect(config.chatRoles).toEqual({ apiUrl: 'http://localhost:3000/dev/chatapp/api', botToken: 'dev-bot-token', guildId: 'dev-community', syncIntervalMs: 900_000 });
    expect(config.staffRequireChatMfa).toBe(false);
  });

  it('turns chat roles on with all three chat settings, and leaves them off without any', () => {
    const chat = { CHATAPP_API_URL: 'https://chat.example/api/', CHATAPP_BOT_TOKEN: 'bot.token', CHATAPP_GUILD_ID: '900000000000000001', DEV_PROVIDERS: 'true' };
    expect(parseConfig({ ...chat, ROLE_SYNC_INTERVAL_MS: '60000' }).chatRoles).toEqual({
      apiUrl: 'https://chat.example/api',
      botToken: 'bot.token',
      guildId: '900000000000000001',
      syncIntervalMs: 60_000,
    });
    expect(parseConfig({ DEV_PROVIDERS: 'false', ...providerSettings() }).chatRoles).toBeUndefined();
    expect(configError({ DEV_PROVIDERS: 'false', ...providerSettings(), ROLE_SYNC_INTERVAL_MS: '60000' })).toBe(
      'Invalid configuration: ROLE_SYNC_INTERVAL_MS: needs CHATAPP_API_URL',
    );
  });

  it.each([
    [{ DATABASE_URL: 'nonsense://x' }, 'DATABASE_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ STORAGE_URL: 'ftp://x' }, 'STORAGE_URL'],
    [{ SNOWFLAKE_WORKER_ID: '1024' }, 'SNOWFLAKE_WORKER_ID'],
    [{ REDIRECT_ALLOWLIST: 'not a url' }, 'REDIRECT_ALLOWLIST'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'production' }, 'DEV_PROVIDERS'],
    [{ CHATAPP_CLIENT_ID: 'abc', DEV_PROVIDERS: 'false' }, 'CHATAPP_CLIENT_SECRET'],
    [{ CHATAPP_API_URL: 'https://chat.example/api' }, 'CHATAPP_BOT_TOKEN'],
    [{ CHATAPP_API_URL: 'https://chat.example/api', CHATAPP_BOT_TOKEN: 'a token' }, 'CHATAPP_BOT_TOKEN'],
    [{ CHATAPP_API_URL: 'ftp://chat.example', CHATAPP_BOT_TOKEN: 't', CHATAPP_GUILD_ID: '1' }, 'CHATAPP_API_URL'],
    [{ CHATAPP_GUILD_ID: '1/2' }, 'CHATAPP_GUILD_ID'],
    [{ ROLE_SYNC_INTERVAL_MS: '10' }, 'ROLE_SYNC_INTERVAL_MS'],
    [{ STAFF_REQUIRE_CHAT_MFA: 'yes' }, 'STAFF_REQUIRE_CHAT_MFA'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'false' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8,proxy.example.com' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ GAMEPLATFORM_IMAGE_ORIGINS: 'cdn.example.com' }, 'GAMEPLATFORM_IMAGE_ORIGINS'],
    [{ GAMEPLATFORM_IMAGE_ORIGINS: 'https://cdn.example.com/images' }, 'GAMEPLATFORM_IMAGE_ORIGINS'],
    [{ GAMEPLATFORM_IMAGE_ORIGINS: 'ftp://cdn.example.com' }, 'GAMEPLATFORM_IMAGE_ORIGINS'],
    [{ REVIEW_SELF_APPROVAL: 'yes' }, 'REVIEW_SELF_APPROVAL'],
  ])('refuses %j with one line naming %s', (env, variable) => {
    const message = configError(env);
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('takes the real providers when configured', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://api.example.com',
      CHATAPP_CLIENT_ID: 'id',
      CHATAPP_CLIENT_SECRET: 'secret',
      CHATAPP_AUTHORIZE_URL: 'https://chat.example.com/oauth2/authorize',
      CHATAPP_TOKEN_URL: 'https://chat.example.com/api/oauth2/token',
      CHATAPP_PROFILE_URL: 'https://chat.example.com/api/users/@me',
      GAMEPLATFORM_CLIENT_ID: 'gid',
      GAMEPLATFORM_CLIENT_SECRET: 'gsecret',
      GAMEPLATFORM_AUTHORIZE_URL: 'https://game.example.com/oauth/v1/authorize',
      GAMEPLATFORM_TOKEN_URL: 'https://game.example.com/oauth/v1/token',
      GAMEPLATFORM_PROFILE_URL: 'https://game.example.com/oauth/v1/userinfo',
      GAMEPLATFORM_THUMBNAILS_URL: 'https://thumbnails.example.com',
      REDIRECT_ALLOWLIST: 'https://www.example.com/auth/, https://staff.example.com/',
    });
    expect(config.devProviders).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(config.corsOrigins).toEqual(['https://www.example.com', 'https://staff.example.com']);
  });

  describe('development providers', () => {
    it.each(['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('are on by default on the loopback address %s', (HOST) => {
      expect(isLoopbackHost(HOST)).toBe(true);
      expect(parseConfig({ HOST }).devProviders).toBe(true);
    });

    it.each(['0.0.0.0', '::', '192.168.1.20', 'api.example.com', '128.0.0.1'])('are off by default on %s, which then needs real providers', (HOST) => {
      expect(isLoopbackHost(HOST)).toBe(false);
      expect(configError({ HOST })).toBe('Invalid configuration: CHATAPP_CLIENT_ID: required when DEV_PROVIDERS is off');
    });

    it('are off by default when a real chatapp client is configured, even on loopback', () => {
      expect(configError({ CHATAPP_CLIENT_ID: 'abc' })).toContain('CHATAPP_CLIENT_SECRET');
    });

    it('are on anywhere when DEV_PROVIDERS=true outside production', () => {
      expect(parseConfig({ HOST: '0.0.0.0', DEV_PROVIDERS: 'true' }).devProviders).toBe(true);
      expect(parseConfig({ HOST: '127.0.0.1', DEV_PROVIDERS: 'false', ...realProviders() }).devProviders).toBe(false);
    });

    it('stop start-up with NODE_ENV=production, with one line', () => {
      for (const HOST of ['127.0.0.1', '0.0.0.0']) {
        expect(configError({ NODE_ENV: 'production', HOST, DEV_PROVIDERS: 'true' })).toBe(
          'Invalid configuration: DEV_PROVIDERS: development providers are refused when NODE_ENV=production',
        );
      }
    });
  });

  it('keeps OAuth states 10 minutes and bounds the memory store by default', () => {
    const config = parseConfig({});
    expect(config.oauthStateTtlMs).toBe(600_000);
    expect(config.cacheMaxEntries).toBe(100_000);
    expect(configError({ OAUTH_STATE_TTL_SECONDS: '0' })).toContain('OAUTH_STATE_TTL_SECONDS');
    expect(configError({ CACHE_MAX_ENTRIES: 'many' })).toContain('CACHE_MAX_ENTRIES');
  });

  it.each([
    ['2', 2],
    ['0', 0],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, ::1/128 ,fd00::/8', ['127.0.0.1', '::1/128', 'fd00::/8']],
  ])('takes TRUST_PROXY=%j as a hop count or proxy list', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('leaves TRUST_PROXY off by default, so X-Forwarded-For is ignored', () => {
    expect(parseConfig({}).trustProxy).toBeUndefined();
  });

  describe('GAMEPLATFORM_IMAGE_ORIGINS', () => {
    const real = { DEV_PROVIDERS: 'false', ...realProviders() };

    it('defaults to the https origin of the thumbnail service', () => {
      const config = parseConfig({ ...real, GAMEPLATFORM_THUMBNAILS_URL: 'https://thumbnails.example.com/api' });
      expect(config.gameplatformImageOrigins).toEqual(['https://thumbnails.example.com']);
    });

    it('takes no plain-http origin unless it is listed', () => {
      expect(parseConfig({ ...real, GAMEPLATFORM_THUMBNAILS_URL: 'http://thumbnails.internal' }).gameplatformImageOrigins).toEqual([]);
      const listed = parseConfig({
        ...real,
        GAMEPLATFORM_THUMBNAILS_URL: 'http://thumbnails.internal',
        GAMEPLATFORM_IMAGE_ORIGINS: 'https://tr.example-cdn.com, http://thumbnails.internal:8080/',
      });
      expect(listed.gameplatformImageOrigins).toEqual(['https://tr.example-cdn.com', 'http://thumbnails.internal:8080']);
    });

    it('adds the development thumbnail service while the development providers are on', () => {
      const config = parseConfig({ PUBLIC_BASE_URL: 'http://localhost:4000', GAMEPLATFORM_IMAGE_ORIGINS: 'https://tr.example-cdn.com' });
      expect(config.gameplatformImageOrigins).toEqual(['https://tr.example-cdn.com', 'http://localhost:4000']);
    });
  });

  it('refuses self-approval unless REVIEW_SELF_APPROVAL=true', () => {
    expect(parseConfig({}).reviewSelfApproval).toBe(false);
    expect(parseConfig({ REVIEW_SELF_APPROVAL: 'true' }).reviewSelfApproval).toBe(true);
  });
});

function realProviders(): Record<string, string> {
  const env: Record<string, string> = { GAMEPLATFORM_THUMBNAILS_URL: 'https://thumbnails.example.com' };
  for (const prefix of ['CHATAPP', 'GAMEPLATFORM']) {
    for (const [suffix, value] of Object.entries({ CLIENT_ID: 'id', CLIENT_SECRET: 'secret', AUTHORIZE_URL: 'https://p.example/a', TOKEN_URL: 'https://p.example/t', PROFILE_URL: 'https://p.example/p' })) {
      env[`${prefix}_${suffix}`] = value;
    }
  }
  return env;
}

/** Both OAuth providers configured, so the development providers are not needed. */
function providerSettings(): Record<string, string> {
  const env: Record<string, string> = { GAMEPLATFORM_THUMBNAILS_URL: 'https://thumbs.example' };
  for (const prefix of ['CHATAPP', 'GAMEPLATFORM']) {
    for (const [suffix, value] of Object.entries({ CLIENT_ID: 'id', CLIENT_SECRET: 'secret', AUTHORIZE_URL: 'https://p.example/a', TOKEN_URL: 'https://p.example/t', PROFILE_URL: 'https://p.example/p' })) {
      env[`${prefix}_${suffix}`] = value;
    }
  }
  return env;
}
