import { ConfigError, parseConfig } from '../../src/config/config';

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
});
