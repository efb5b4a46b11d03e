import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { hiddenFields } from '../support/sign-in';

export interface Sent {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * One browser: a cookie jar shared by every instance it talks to (they stand behind one public
 * address), so whatever cookie one instance sets travels to the next.
 */
export class Browser {
  private readonly jar = new Map<string, string>();

  get cookies(): ReadonlyMap<string, string> {
    return this.jar;
  }

  /**
   * One request on a connection of its own (no keep-alive): a burst on a loaded machine must not
   * trip over a pooled socket the server is just closing, which no browser retries either.
   */
  async send(base: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Sent> {
    const encoded = await encode(body);
    const headers: Record<string, string> = {
      ...(encoded ? { 'Content-Type': encoded.type, 'Content-Length': String(encoded.bytes.length) } : {}),
      ...(this.jar.size ? { Cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      ...extra,
    };
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(`${base}${path}`, { method, headers, agent: false }, resolve);
      request.on('error', reject);
      request.end(encoded?.bytes);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const setCookies = response.headers['set-cookie'] ?? [];
    this.keep(setCookies);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
    }
    return { status: response.statusCode ?? 0, headers: responseHeaders, body: parse(Buffer.concat(chunks).toString()) };
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/** JSON, or a form (URL-encoded or multipart) serialised the way fetch would. */
async function encode(body: unknown): Promise<{ type: string; bytes: Buffer } | undefined> {
  if (body === undefined) return undefined;
  if (!(body instanceof FormData || body instanceof URLSearchParams)) return { type: 'application/json', bytes: Buffer.from(JSON.stringify(body)) };
  const request = new Request('http://localhost/', { method: 'POST', body });
  return { type: request.headers.get('content-type')!, bytes: Buffer.from(await request.arrayBuffer()) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A chatapp sign-in through the development provider, each step on the instance given: started
 * on `start`, the authorize page submitted and the callback answered by `finish`.
 */
export async function signIn(browser: Browser, publicBase: string, start: string, finish: string, username: string): Promise<string> {
  const begun = await browser.send(start, 'POST', '/v1/oauth/chatapp', { redirectUrl: `${publicBase}/after-sign-in` });
  if (begun.status !== 200) throw new Error(`start answered ${begun.status} ${JSON.stringify(begun.body)}`);
  const target = new URL(begun.body.targetUrl as string);
  const page = await browser.send(start, 'GET', `${target.pathname}${target.search}`);
  const form = new URLSearchParams({ ...hiddenFields(page.body as string), username, id: '', preset: '' });
  const submitted = await browser.send(finish, 'POST', target.pathname, form);
  if (submitted.status !== 302) throw new Error(`authorize answered ${submitted.status}: ${String(submitted.body)}`);
  const callback = new URL(submitted.headers.get('location')!);
  const done = await browser.send(finish, 'GET', `${callback.pathname}${callback.search}`);
  const landed = done.headers.get('location') ?? '';
  if (done.status !== 302 || !landed.startsWith(`${publicBase}/after-sign-in`)) {
    throw new Error(`callback answered ${done.status} to ${landed}`);
  }
  const me = await browser.send(finish, 'GET', '/v1/users/@me');
  if (me.status !== 200) throw new Error(`@me answered ${me.status}`);
  return me.body.userId as string;
}
