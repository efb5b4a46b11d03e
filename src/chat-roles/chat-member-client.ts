import { Injectable, Logger } from '@nestjs/common';
import { readBoundedBody } from '../common/bounded-body';
import { AppConfig, type ChatRolesConfig } from '../config/config';
import { ChatRateLimit } from './chat-rate-limit';

const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_ROLES = 1000;
const ROLE_ID = /^[\w-]{1,64}$/;

/** What the chat provider said about one member of the community (decisions §15). */
export type MemberAnswer =
  | { kind: 'member'; roleIds: string[]; pending: boolean }
  | { kind: 'not_member' }
  /** No usable answer (timeout, refused, 5xx, 429, unreadable): nobody is demoted on it. */
  | { kind: 'unavailable'; reason: string; retryAfterMs?: number };

export interface MemberQuery {
  /** Past this instant (epoch ms) the caller does not wait for the provider's rate limit to pass. */
  deadline: number;
}

/**
 * The chat provider's member endpoint, `GET {base}/guilds/{guild}/members/{id}` with the bot token.
 * Every call is bounded by `UPSTREAM_TIMEOUT_MS`, and every caller honours the provider's rate
 * limit: a 429's `retry_after` and the `X-RateLimit-*` headers hold all calls of this process back.
 */
@Injectable()
export class ChatMemberClient {
  private readonly logger = new Logger(ChatMemberClient.name);

  constructor(
    private readonly config: AppConfig,
    private readonly rateLimit: ChatRateLimit,
  ) {}

  get enabled(): boolean {
    return this.config.chatRoles !== undefined;
  }

  async member(chatUserId: string, query: MemberQuery): Promise<MemberAnswer> {
    const settings = this.config.chatRoles!;
    if (!(await this.rateLimit.waitUntilAllowed(query.deadline))) {
      return { kind: 'unavailable', reason: 'rate limited', retryAfterMs: this.rateLimit.remainingMs() };
    }
    const timeoutMs = Math.max(1, Math.min(this.config.upstreamTimeoutMs, query.deadline - Date.now()));
    try {
      const response = await fetch(memberUrl(settings, chatUserId), {
        headers: { Authorization: `Bot ${settings.botToken}`, Accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await readBoundedBody(response, MAX_ANSWER_BYTES);
      this.rateLimit.observe(response.status, response.headers, body);
      return readAnswer(response.status, body, chatUserId, this.rateLimit);
    } catch (error) {
      const reason = (error as { name?: string }).name === 'TimeoutError' ? 'did not answer in time' : `could not be reached (${(error as Error).message})`;
      this.logger.warn(`chat provider ${reason}`);
      return { kind: 'unavailable', reason };
    }
  }
}

function memberUrl(settings: ChatRolesConfig, chatUserId: string): string {
  return `${settings.apiUrl}/guilds/${encodeURIComponent(settings.guildId)}/members/${encodeURIComponent(chatUserId)}`;
}

function readAnswer(status: number, body: Buffer, chatUserId: string, rateLimit: ChatRateLimit): MemberAnswer {
  if (status === 404) return { kind: 'not_member' };
  if (status === 429) return { kind: 'unavailable', reason: 'rate limited', retryAfterMs: rateLimit.remainingMs() };
  if (status !== 200) return { kind: 'unavailable', reason: `answered ${status}` };
  const member = parseJson(body);
  const roles: unknown = member?.roles;
  const user = member?.user as { id?: unknown } | undefined;
  const valid =
    Array.isArray(roles) && roles.length <= MAX_ROLES && roles.every((role) => typeof role === 'string' && ROLE_ID.test(role)) && String(user?.id) === chatUserId;
  if (!valid) return { kind: 'unavailable', reason: 'answered an unreadable member' };
  return { kind: 'member', roleIds: roles as string[], pending: member?.pending === true };
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
