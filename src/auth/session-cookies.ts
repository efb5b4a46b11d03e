import { Injectable } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import { AppConfig } from '../config/config';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../access/credentials';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, type TokenPair } from './sessions.service';

/** The attributes of every cookie the service sets (decisions §4.6), before its path and age. */
export function cookieAttributes(config: AppConfig): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}

/** Writes and clears the two session cookies with the attributes of decisions §4.6. */
@Injectable()
export class SessionCookies {
  private readonly attributes: CookieOptions;

  constructor(config: AppConfig) {
    this.attributes = cookieAttributes(config);
  }

  write(response: Response, pair: TokenPair): void {
    response.cookie(ACCESS_COOKIE, pair.accessToken, { ...this.attributes, maxAge: ACCESS_TOKEN_TTL_MS });
    response.cookie(REFRESH_COOKIE, pair.refreshToken, { ...this.attributes, maxAge: REFRESH_TOKEN_TTL_MS });
  }

  clear(response: Response): void {
    response.clearCookie(ACCESS_COOKIE, this.attributes);
    response.clearCookie(REFRESH_COOKIE, this.attributes);
  }
}
