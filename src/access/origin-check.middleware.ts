import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ForbiddenError } from '../common/errors/domain-error';
import type { AppConfig } from '../config/config';
import { hasSessionCookie } from './credentials';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF floor (decisions §6): a state-changing request that carries session cookies and names a
 * foreign `Origin` (or, without one, `Referer`) is refused before any work, renewal included.
 * One plain middleware for every path: Nest's consumer mounts one copy per route it cannot
 * cover with the global prefix, each in every request's way.
 */
export function originCheck(config: Pick<AppConfig, 'corsOrigins' | 'publicBaseUrl'>): RequestHandler {
  const allowed = new Set([...config.corsOrigins, new URL(config.publicBaseUrl).origin]);
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(request.method) || !hasSessionCookie(request)) return next();
    const source = request.headers.origin ?? refererOrigin(request.headers.referer);
    next(source !== undefined && !allowed.has(source) ? new ForbiddenError() : undefined);
  };
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
