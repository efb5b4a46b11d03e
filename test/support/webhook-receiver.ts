import type { TestApp } from './app';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with the next request: answer a status, or drop the connection ("down"). */
export type Reply = number | 'drop';

/** A real local HTTP server standing in for a webhook subscriber. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Replies for the next requests, in order; once used up, `fallback` answers. */
  script: Reply[];
  fallback: Reply;
  /** How long each answer is held back (a slow subscriber). */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function aWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    script: [],
    fallback: 200,
    delayMs: 0,
    async waitFor(count, timeoutMs = 10_000) {
      for (let waited = 0; receiver.received.length < count; waited += 20) {
        if (waited > timeoutMs) throw new Error(`received ${receiver.received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return receiver.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = receiver.script.shift() ?? receiver.fallback;
      if (reply === 'drop') {
        request.socket.destroy();
        return;
      }
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => response.writeHead(reply).end(), receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

const TOP_LEVEL = new Set(['content', 'username', 'avatar_url', 'tts', 'embeds', 'allowed_mentions', 'components', 'flags', 'thread_name']);
const EMBED = new Set(['title', 'type', 'description', 'url', 'timestamp', 'color', 'footer', 'image', 'thumbnail', 'video', 'provider', 'author', 'fields']);

/** The problems of a Discord execute-webhook body (https://discord.com/developers/docs/resources/webhook#execute-webhook). */
export function discordSchemaProblems(body: unknown): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => ok || problems.push(problem);
  if (typeof body !== 'object' || body === null) return ['body is not an object'];
  const payload = body as Record<string, unknown>;
  for (const key of Object.keys(payload)) check(TOP_LEVEL.has(key), `unknown field ${key}`);
  check(payload.content !== undefined || Array.isArray(payload.embeds), 'needs content or embeds');
  check(payload.username === undefined || (typeof payload.username === 'string' && payload.username.length <= 80), 'username');
  const embeds = (payload.embeds ?? []) as Record<string, unknown>[];
  check(Array.isArray(embeds) && embeds.length <= 10, 'at most 10 embeds');
  let characters = 0;
  for (const embed of embeds) {
    for (const key of Object.keys(embed)) check(EMBED.has(key), `unknown embed field ${key}`);
    check(typeof embed.title === 'string' && embed.title.length <= 256, 'embed title');
    check(embed.description === undefined || (typeof embed.description === 'string' && embed.description.length <= 4096), 'description');
    check(embed.color === undefined || (Number.isInteger(embed.color) && (embed.color as number) >= 0 && (embed.color as number) <= 0xffffff), 'color');
    check(embed.timestamp === undefined || !Number.isNaN(Date.parse(String(embed.timestamp))), 'timestamp');
    const fields = (embed.fields ?? []) as Record<string, unknown>[];
    check(fields.length <= 25, 'at most 25 fields');
    for (const field of fields) {
      check(typeof field.name === 'string' && field.name.length > 0 && field.name.length <= 256, 'field name');
      check(typeof field.value === 'string' && field.value.length > 0 && field.value.length <= 1024, 'field value');
      check(field.inline === undefined || typeof field.inline === 'boolean', 'field inline');
      characters += String(field.name).length + String(field.value).length;
    }
    const footer = embed.footer as { text?: unknown } | undefined;
    check(footer === undefined || (typeof footer.text === 'string' && footer.text.length <= 2048), 'footer');
    characters += String(embed.title ?? '').length + String(embed.description ?? '').length + String(footer?.text ?? '').length;
  }
  check(characters <= 6000, 'embeds exceed 6000 characters');
  return problems;
}

/** One subscriber at a time: earlier webhooks would receive the next test's events too. */
export async function deleteEveryWebhook(t: TestApp, adminCookie: string): Promise<void> {
  const { body } = await t.http().get('/v1/webhooks').set('Cookie', adminCookie);
  for (const webhook of body.webhooks) await t.http().delete(`/v1/webhooks/${webhook.webhookId}`).set('Cookie', adminCookie);
}
