import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from 'nestjs-pino/storage';
import { storage } from 'nestjs-pino/storage';
import type { Logger } from 'pino';
import { requestIdOf } from './logging.module';

/**
 * The request's logger for nestjs-pino (what `Logger` in a service writes through), made only
 * when something in the request logs: pino-http made two child loggers on every request, a
 * tenth of the CPU of a cheap request, though most requests log nothing but their one line.
 */
class RequestStore implements Store {
  private child?: Logger;

  constructor(
    private readonly root: Logger,
    private readonly request: IncomingMessage,
  ) {}

  get logger(): Logger {
    this.child ??= this.root.child({ req: this.request, requestId: this.request.id });
    return this.child;
  }

  // nestjs-pino's `PinoLogger.assign` replaces it.
  set logger(value: Logger) {
    this.child = value;
  }
}

/**
 * First in the chain: the request id (kept from a well-formed `X-Request-Id`, else made, and
 * echoed), so every line of the request carries it, even a body-parser error's; the request's
 * logger for everything it runs; and one line when the response is done or abandoned, with the
 * fields pino-http wrote (`req`, `requestId`, `res`, `responseTime`).
 */
export function requestLogging(root: Logger) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    requestIdOf(request, response);
    const started = Date.now();
    // A response emits `close` once, after `finish` when it completed, alone when it was cut off.
    response.once('close', () => logCompletion(root, request, response, Date.now() - started));
    storage.run(new RequestStore(root, request), next);
  };
}

function logCompletion(root: Logger, req: IncomingMessage, res: ServerResponse, responseTime: number): void {
  if (!root.isLevelEnabled('info')) return;
  if (res.statusCode >= 500) {
    const err = new Error(`failed with status code ${res.statusCode}`);
    root.info({ req, requestId: req.id, res, err, responseTime }, 'request errored');
    return;
  }
  root.info({ req, requestId: req.id, res, responseTime }, res.writableFinished ? 'request completed' : 'request aborted');
}
