import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';

const PARSED = Symbol('cookies');

type WithCookies = IncomingMessage & { [PARSED]?: Record<string, string | undefined> };

/**
 * One cookie of the request (an empty one counts as absent). The header is parsed when a cookie
 * is first asked for and kept on the request. A value is always text: no `j:` JSON or signed
 * cookies, which nothing here uses (cookie-parser decoded both for every request, asked or not).
 */
export function cookieOf(request: IncomingMessage, name: string): string | undefined {
  const memo = request as WithCookies;
  const cookies = (memo[PARSED] ??= request.headers.cookie ? parse(request.headers.cookie) : {});
  return cookies[name] || undefined;
}
