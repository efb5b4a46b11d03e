import type { Request } from 'express';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** What a request presents to authenticate. */
export interface Credentials {
  accessToken?: string;
  refreshToken?: string;
  /** The access token came from an `Authorization: Bearer` header. */
  bearer: boolean;
}

/** The `access_token` cookie, else a Bearer header (decisions §4.7), else the refresh cookie alone. */
export function credentialsOf(request: Request): Credentials {
  const refreshToken = cookieOf(request, REFRESH_COOKIE);
  const cookieAccess = cookieOf(request, ACCESS_COOKIE);
  if (cookieAccess !== undefined) return { accessToken: cookieAccess, refreshToken, bearer: false };
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(request.headers.authorization ?? '');
  // The refresh cookie still rides along: a replayed one is refused whatever access comes with it.
  if (match) return { accessToken: match[1], refreshToken, bearer: true };
  return { refreshToken, bearer: false };
}

/** Whether the request carries a session cookie at all (the CSRF check is about those). */
export function hasSessionCookie(request: Request): boolean {
  return cookieOf(request, ACCESS_COOKIE) !== undefined || cookieOf(request, REFRESH_COOKIE) !== undefined;
}

/** One cookie of the request; `request.cookies` is parsed on first use (see installLazyCookies). */
export function cookieOf(request: Request, name: string): string | undefined {
  return (request.cookies as Record<string, string | undefined>)[name];
}
