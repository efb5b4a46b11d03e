import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Where the staff console lives (decisions §16), beside the API on the same origin. */
export const CONSOLE_PATH = '/console';

/** Where `npm run build` writes it (console/vite.config.ts): dist/console at the project's root. */
export const BUILT_CONSOLE = join(projectRoot(__dirname), 'dist', 'console');

/** Only its own origin, and no inline code: the console is built without any. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Vite names every file under assets/ by the hash of its content. */
const HASHED = /^\/assets\//;

/**
 * Serves the built console at /console/: hashed assets cached for a year, everything else (and
 * index.html for any client-side route) revalidated on each load. Mounted before the API's
 * middleware, so a console request never reaches the body parsers, CORS or the routes.
 */
export function serveConsole(app: NestExpressApplication, directory = BUILT_CONSOLE): void {
  app.use(CONSOLE_PATH, (request: Request, response: Response, next: NextFunction) => {
    response.set({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin' });
    const rest = request.originalUrl.slice(CONSOLE_PATH.length);
    // Relative asset addresses need the slash: /console?x becomes /console/?x.
    if (rest === '' || rest.startsWith('?')) return response.redirect(301, `${CONSOLE_PATH}/${rest}`);
    if (!existsSync(join(directory, 'index.html'))) return notBuilt(response);
    next();
  });
  app.useStaticAssets(directory, {
    prefix: CONSOLE_PATH,
    index: false,
    redirect: false,
    setHeaders: (response, path) => response.setHeader('Cache-Control', HASHED.test(path.slice(directory.length)) ? IMMUTABLE : REVALIDATE),
  });
  app.use(CONSOLE_PATH, (request: Request, response: Response, next: NextFunction) => {
    // A missing asset is a 404, never the page: a stale index.html must not be run as a script.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || HASHED.test(request.path)) return next();
    response.sendFile(join(directory, 'index.html'), { headers: { 'Cache-Control': REVALIDATE } }, (error) => error && next(error));
  });
}

function notBuilt(response: Response): void {
  response
    .status(503)
    .type('text/plain')
    .set('Cache-Control', 'no-store')
    .send('The staff console has not been built. Run `npm run build` (it builds the server and the console) and reload this page.\n');
}

/** The folder holding package.json: src/console/ in the sources, dist/src/console/ once built. */
function projectRoot(from: string): string {
  for (let folder = from; folder !== dirname(folder); folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
  }
  throw new Error(`no package.json above ${from}`);
}
