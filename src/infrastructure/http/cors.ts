import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * CORS for the website's origins, with credentials (cookies). Only a browser's cross-origin
 * request names an `Origin`: any other request (a server, a same-origin read, the game server)
 * needs no CORS headers, only `Vary: Origin`, so no cache hands its answer to a site.
 */
export function corsForOrigins(origins: string[]): RequestHandler {
  // A site's script may read when to retry a 429 or 503, and the request id to report a problem.
  const handle = cors({ origin: origins, credentials: true, exposedHeaders: ['Retry-After', 'X-Request-Id'] });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.headers.origin !== undefined || request.method === 'OPTIONS') return handle(request, response, next);
    response.vary('Origin');
    next();
  };
}
