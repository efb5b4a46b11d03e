import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProviderBehaviour = 'ok' | 'error-500' | 'hang' | 'bad-code' | 'profile-without-id' | 'not-json';

/**
 * A real OAuth provider stand-in on a local port, for the upstream failures the development
 * providers never produce. Switch `behaviour` per test; requests are recorded.
 */
export interface FakeOAuthProvider {
  url: string;
  behaviour: FakeProviderBehaviour;
  profile: Record<string, unknown>;
  tokenRequests: URLSearchParams[];
  profileAuthorizations: (string | undefined)[];
  /** Environment pointing both providers at this server, development providers off. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_CLIENT = { id: 'fake-client', secret: 'fake-secret', code: 'good-code', token: 'provider-token' };

export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const fake = {
    url: '',
    behaviour: 'ok' as FakeProviderBehaviour,
    profile: { id: '777000777000777', username: 'fake', global_name: 'Fake', avatar: null, access_token: 'leak' },
    tokenRequests: [] as URLSearchParams[],
    profileAuthorizations: [] as (string | undefined)[],
  };
  const server = createServer((request, response) => void handle(fake, request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    env: () => providerEnv(fake.url),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

async function handle(fake: Omit<FakeOAuthProvider, 'env' | 'close'>, request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (fake.behaviour === 'hang') return;
  if (fake.behaviour === 'error-500') return json(response, 500, { error: 'server_error' });
  if (request.method === 'POST' && request.url === '/token') {
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    fake.tokenRequests.push(form);
    if (fake.behaviour === 'bad-code' || form.get('code') !== FAKE_CLIENT.code) return json(response, 400, { error: 'invalid_grant' });
    return json(response, 200, { access_token: FAKE_CLIENT.token, token_type: 'Bearer' });
  }
  if (request.method === 'GET' && request.url === '/profile') {
    fake.profileAuthorizations.push(request.headers.authorization);
    if (fake.behaviour === 'not-json') return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
    if (fake.behaviour === 'profile-without-id') return json(response, 200, { username: 'nobody' });
    return json(response, 200, fake.profile);
  }
  json(response, 404, { error: 'not_found' });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function providerEnv(url: string): Record<string, string> {
  const env: Record<string, string> = { DEV_PROVIDERS: 'false', GAMEPLATFORM_THUMBNAILS_URL: `${url}/thumbnails` };
  for (const prefix of ['CHATAPP', 'GAMEPLATFORM']) {
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: FAKE_CLIENT.id,
      [`${prefix}_CLIENT_SECRET`]: FAKE_CLIENT.secret,
      [`${prefix}_AUTHORIZE_URL`]: `${url}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${url}/token`,
      [`${prefix}_PROFILE_URL`]: `${url}/profile`,
    });
  }
  return env;
}
