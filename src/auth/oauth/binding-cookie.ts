import { Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { API_PREFIX } from '../../common/api-prefix';
import { AppConfig } from '../../config/config';
import { cookieAttributes } from '../session-cookies';
import { cookieOf } from '../../access/credentials';

export const BINDING_COOKIE = 'oauth_binding';

/**
 * The cookie that ties a started sign-in to the browser that started it (decisions §7): only
 * that browser can complete the callback, so a `targetUrl` handed to someone else is useless.
 */
@Injectable()
export class BindingCookie {
  private readonly attributes: CookieOptions;
  private readonly maxAge: number;

  constructor(config: AppConfig) {
    this.attributes = { ...cookieAttributes(config), path: `/${API_PREFIX}/oauth` };
    this.maxAge = config.oauthStateTtlMs;
  }

  write(response: Response, value: string): void {
    response.cookie(BINDING_COOKIE, value, { ...this.attributes, maxAge: this.maxAge });
  }

  read(request: Request): string | undefined {
    return cookieOf(request, BINDING_COOKIE);
  }

  clear(response: Response): void {
    response.clearCookie(BINDING_COOKIE, this.attributes);
  }
}
