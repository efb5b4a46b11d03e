import { parse } from 'cookie';
import type { Express } from 'express';

const PARSED = Symbol('cookies');

type WithCookies = { headers: { cookie?: string }; [PARSED]?: Record<string, string | undefined> };

/**
 * Gives every request Express's usual `req.cookies`, parsed when first read and kept on the request.
 * A value is always text: no `j:` JSON or signed cookies, which nothing here uses (cookie-parser
 * decoded both for every request, asked or not). An empty cookie counts as absent.
 */
export function installLazyCookies(app: Express): void {
  Object.defineProperty(app.request, 'cookies', {
    configurable: true,
    get(this: WithCookies): Record<string, string | undefined> {
      return (this[PARSED] ??= withoutEmpty(this.headers.cookie ? parse(this.headers.cookie) : {}));
    },
  });
}

function withoutEmpty(cookies: Record<string, string | undefined>): Record<string, string | undefined> {
  for (const name of Object.keys(cookies)) if (!cookies[name]) delete cookies[name];
  return cookies;
}
