import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { requestIdOf } from './logging.module';

const ROOT = Symbol('root logger');
const CHILD = Symbol('request logger');

type LoggedRequest = IncomingMessage & { [ROOT]?: Logger; [CHILD]?: Logger };

/**
 * The logger of a request: every line it writes carries the request id. Code that logs while
 * serving a request takes it from the request (the exception filter, the OAuth callback). It is
 * handed on explicitly, not through an async context: on Node 20 an AsyncLocalStorage runs a hook
 * on every promise the process makes, some 5% of a cheap request's CPU, for the few requests that
 * log anything but their one line.
 */
export function requestLogger(request: IncomingMessage): Logger {
  const logged = request as LoggedRequest;
  logged[CHILD] ??= logged[ROOT]!.child({ req: request, requestId: request.id });
  return logged[CHILD];
}

/**
 * First in the chain: the request id (kept from a well-formed `X-Request-Id`, else made, and
 * echoed), so every line of the request carries it, even a body-parser error's; the root its
 * logger is made from; and one line when the response is done or abandoned, with the fields
 * pino-http wrote (`req`, `requestId`, `res`, `responseTime`).
 */
export function requestLogging(root: Logger) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    requestIdOf(request, response);
    (request as LoggedRequest)[ROOT] = root;
    const started = Date.now();
    // A response emits `close` once, after `finish` when it completed, alone when it was cut off.
    response.once('close', () => logCompletion(root, request, response, Date.now() - started));
    next();
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
