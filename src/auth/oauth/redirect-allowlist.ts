import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';

const MAX_REDIRECT_URL_LENGTH = 2048;
/** Browsers strip or reinterpret these inside URLs; a URL holding any is refused outright. */
const AMBIGUOUS_CHARACTERS = /[\s\u0000-\u001f\u007f\\]/;

/**
 * REDIRECT_ALLOWLIST (decisions §3): scheme, host and port equal to a prefix's, and the path
 * inside the prefix's path. Comparisons are on the parsed URL, and the parsed URL is what is
 * later redirected to, so what was checked is what the browser gets.
 */
@Injectable()
export class RedirectAllowlist {
  private readonly prefixes: URL[];

  constructor(config: AppConfig) {
    this.prefixes = config.redirectAllowlist.map((prefix) => new URL(prefix));
  }

  /** The URL to redirect to, or undefined when the candidate is not allowed. */
  allowed(candidate: unknown): URL | undefined {
    if (typeof candidate !== 'string' || candidate.length > MAX_REDIRECT_URL_LENGTH) return undefined;
    if (AMBIGUOUS_CHARACTERS.test(candidate)) return undefined;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return undefined;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
    const match = this.prefixes.some(
      (prefix) =>
        prefix.protocol === url.protocol &&
        prefix.hostname === url.hostname &&
        prefix.port === url.port &&
        pathWithin(url.pathname, prefix.pathname),
    );
    return match ? url : undefined;
  }
}

/** `/app` covers `/app` and `/app/…` but not `/application`. */
function pathWithin(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}
