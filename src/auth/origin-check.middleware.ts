import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import { hasSessionCookie } from './session-credentials';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF floor (decisions §6): a state-changing request that carries session cookies and names a
 * foreign `Origin` (or, without one, `Referer`) is refused before any work, renewal included.
 */
@Injectable()
export class OriginCheckMiddleware implements NestMiddleware {
  private readonly allowed: Set<string>;

  constructor(config: AppConfig) {
    this.allowed = new Set([...config.corsOrigins, new URL(config.publicBaseUrl).origin]);
  }

  use(request: Request, _response: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(request.method) || !hasSessionCookie(request)) return next();
    const source = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (source !== undefined && !this.allowed.has(source)) throw new ForbiddenError();
    next();
  }
}

/** The origin of a Referer; an unparsable one is reported as itself, so it is never allowed. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return referer;
  }
}
