import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeChatBehaviour = 'ok' | 'error-500' | 'hang' | 'rate-limited' | 'not-json';

export interface FakeMember {
  roles: string[];
  pending?: boolean;
}

export interface MemberRequest {
  guildId: string;
  userId: string;
  authorization: string | undefined;
  at: number;
}

/**
 * The chat provider's REST API on a local port: `GET /guilds/:guild/members/:id` answers the
 * members set here (404 for anyone else), or fails as `behaviour` says. Requests are recorded.
 */
export interface FakeChatProvider {
  url: string;
  behaviour: FakeChatBehaviour;
  members: Map<string, FakeMember>;
  /** `retry_after` (seconds) of a rate-limited answer. */
  retryAfter: number;
  /** Milliseconds before each answer (the benchmark's 5 ms). */
  delayMs: number;
  /** Sent with every 200: `X-RateLimit-Remaining` and `X-RateLimit-Reset-After` when set. */
  rateLimitHeaders?: { remaining: number; resetAfter: number };
  requests: MemberRequest[];
  /** The most member requests ever answered at once. */
  maxInFlight: number;
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_BOT = { token: 'fake-bot-token', guildId: '900000000000000001' };

export async function startFakeChatProvider(): Promise<FakeChatProvider> {
  const fake = {
    url: '',
    behaviour: 'ok' as FakeChatBehaviour,
    members: new Map<string, FakeMember>(),
    retryAfter: 1,
    delayMs: 0,
    rateLimitHeaders: undefined as FakeChatProvider['rateLimitHeaders'],
    requests: [] as MemberRequest[],
    maxInFlight: 0,
  };
  let inFlight = 0;
  const server = createServer((request, response) => {
    fake.maxInFlight = Math.max(fake.maxInFlight, ++inFlight);
    response.once('close', () => inFlight--);
    void answer(fake, request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return Object.assign(fake, {
    env: () => ({ CHATAPP_API_URL: fake.url, CHATAPP_BOT_TOKEN: FAKE_BOT.token, CHATAPP_GUILD_ID: FAKE_BOT.guildId }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

type FakeState = Omit<FakeChatProvider, 'env' | 'close'>;

async function answer(fake: FakeState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const match = /^\/api\/guilds\/([^/]+)\/members\/([^/?]+)$/.exec(request.url ?? '');
  if (request.method !== 'GET' || !match) return json(response, 404, { message: '404: Not Found', code: 0 });
  const [, guildId, userId] = match;
  fake.requests.push({ guildId, userId, authorization: request.headers.authorization, at: Date.now() });
  if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
  if (fake.behaviour === 'hang') return;
  if (fake.behaviour === 'error-500') return json(response, 500, { message: 'Internal Server Error' });
  if (fake.behaviour === 'not-json') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
  if (fake.behaviour === 'rate-limited') {
    return json(response, 429, { message: 'You are being rate limited.', retry_after: fake.retryAfter, global: false });
  }
  if (request.headers.authorization !== `Bot ${FAKE_BOT.token}` || guildId !== FAKE_BOT.guildId) return json(response, 401, { message: '401: Unauthorized' });
  const member = fake.members.get(decodeURIComponent(userId));
  if (!member) return json(response, 404, { message: 'Unknown Member', code: 10007 });
  const headers: Record<string, string> = fake.rateLimitHeaders
    ? { 'X-RateLimit-Remaining': String(fake.rateLimitHeaders.remaining), 'X-RateLimit-Reset-After': String(fake.rateLimitHeaders.resetAfter) }
    : {};
  json(response, 200, { user: { id: userId }, roles: member.roles, pending: member.pending ?? false, nick: null }, headers);
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}
