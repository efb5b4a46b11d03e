import type { Response } from 'supertest';
import type { ProviderName } from '../../src/auth/provider-link.entity';
import type { TestApp } from './app';

export interface DevSignInOptions {
  provider?: ProviderName;
  /** What the person types on the authorize page. */
  username?: string;
  id?: string;
  /** The display name typed beside the username (the username when absent). */
  displayName?: string;
  /** The browser's cookies before signing in (a session, to link gameplatform). */
  cookie?: string;
  redirectUrl?: string;
  /** More fields of the authorize page (the chat community's membership, roles and second factor). */
  form?: Record<string, string>;
}

export interface DevSignIn {
  state: string;
  targetUrl: URL;
  /** The callback's answer: the redirect with the session cookies. */
  callback: Response;
  /** The `Cookie` header value the browser holds afterwards. */
  cookie: string;
}

export interface DevAuthorization {
  state: string;
  targetUrl: URL;
  /** The starting browser's `Cookie` header after the start: its own cookies plus `oauth_binding`. */
  cookie: string;
  /** Path and query of the callback the provider sent the browser to (carries `code`). */
  callbackPath: string;
  code: string;
}

/**
 * The browser's way up to the callback, over HTTP against the development providers: start,
 * open the authorize page, submit it. Redirects are followed by hand. `provider` serves the
 * authorize page's submission (another instance, in the scale-out test).
 */
export async function authorizeWithDevProvider(
  t: TestApp,
  options: DevSignInOptions = {},
  provider: TestApp = t,
): Promise<DevAuthorization> {
  const name = options.provider ?? 'chatapp';
  const redirectUrl = options.redirectUrl ?? new URL('after-sign-in', t.config.redirectAllowlist[0]).href;
  const start = await t.http().post(`/v1/oauth/${name}`).set('Cookie', options.cookie ?? '').send({ redirectUrl });
  if (start.status !== 200) throw new Error(`start answered ${start.status} ${JSON.stringify(start.body)}`);
  const cookie = cookieHeader(start, options.cookie);
  const targetUrl = new URL(start.body.targetUrl as string);
  const page = await t.http().get(`${targetUrl.pathname}${targetUrl.search}`);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  const submitted = await provider
    .http()
    .post(targetUrl.pathname)
    .type('form')
    .send({
      ...hiddenFields(page.text),
      username: options.username ?? 'ana',
      id: options.id ?? '',
      display_name: options.displayName ?? '',
      preset: '',
      ...options.form,
    });
  if (submitted.status !== 302) throw new Error(`authorize answered ${submitted.status}: ${submitted.text}`);
  const callbackUrl = new URL(submitted.headers.location as string);
  return {
    state: start.body.state as string,
    targetUrl,
    cookie,
    callbackPath: `${callbackUrl.pathname}${callbackUrl.search}`,
    code: callbackUrl.searchParams.get('code')!,
  };
}

/** A whole sign-in (or gameplatform link) through the development providers, in one browser. */
export async function signInThroughDevProvider(t: TestApp, options: DevSignInOptions = {}): Promise<DevSignIn> {
  const { state, targetUrl, callbackPath, cookie } = await authorizeWithDevProvider(t, options);
  const callback = await t.http().get(callbackPath).set('Cookie', cookie);
  return { state, targetUrl, callback, cookie: cookieHeader(callback, cookie) };
}

/** The hidden inputs of an HTML form, unescaped. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]] = unescapeHtml(match[2]);
  }
  return fields;
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** `Set-Cookie` lines of a response, by cookie name. */
export function setCookies(response: Response): Record<string, string> {
  const lines = ([] as string[]).concat((response.headers['set-cookie'] as unknown as string[] | undefined) ?? []);
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** The `Cookie` header a browser sends after this response, starting from `before`. */
export function cookieHeader(response: Response, before = ''): string {
  const jar = new Map(
    before
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
  );
  for (const [name, line] of Object.entries(setCookies(response))) {
    const value = line.slice(name.length + 1, line.indexOf(';') < 0 ? undefined : line.indexOf(';'));
    if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The session cookies a response sets (the binding cookie's clearing aside). */
export function sessionCookiesSet(response: Response): string[] {
  return Object.keys(setCookies(response)).filter((name) => name === 'access_token' || name === 'refresh_token');
}

/** One cookie's value out of a `Cookie` header. */
export function cookieValue(cookie: string, name: string): string | undefined {
  return new RegExp(`(?:^|; )${name}=([^;]*)`).exec(cookie)?.[1];
}
