import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Level, Logger } from 'pino';
import { API_PREFIX } from '../common/api-prefix';
import { onExchangeEnd } from '../common/exchange-end';
import { requestIdOf, requestPath } from '../logging/logging.module';
import { attachRootLogger } from '../logging/request-logger';

/** Liveness and readiness: Kubernetes asks every few seconds per pod, so their answers say nothing new. */
const PROBE_PATHS = new Set([`/${API_PREFIX}/health`, `/${API_PREFIX}/health/ready`]);

/**
 * First in the chain: the request id (kept from a well-formed `X-Request-Id`, else made, and
 * echoed), so every line of the request carries it, even a body-parser error's; the root its
 * logger is made from; and one line when the response is done or abandoned, with the fields
 * pino-http wrote (`req`, `requestId`, `res`, `responseTime`). It stands in for pino-http's
 * middleware, which cost a child logger and several closures per request.
 */
export function requestLogging(root: Logger) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    requestIdOf(request, response);
    attachRootLogger(request, root);
    const started = Date.now();
    onExchangeEnd(request, response, () => logCompletion(root, request, response, Date.now() - started));
    next();
  };
}

function logCompletion(root: Logger, req: IncomingMessage, res: ServerResponse, responseTime: number): void {
  const level = lineLevel(req, res);
  if (!root.isLevelEnabled(level)) return;
  if (res.statusCode >= 500) {
    // pino-http's `err` field, without the stack of an Error made here, which says nothing: the
    // exception filter's own line carries the failure and its cause.
    root[level]({ req, requestId: req.id, res, err: { type: 'Error', message: `failed with status code ${res.statusCode}` }, responseTime }, 'request errored');
    return;
  }
  root[level]({ req, requestId: req.id, res, responseTime }, res.writableFinished ? 'request completed' : 'request aborted');
}

/**
 * A probe answered 2xx is logged at `debug`: at `info` the probes of a few pods would be most of
 * the log. A probe refused (a readiness 503) or abandoned is logged like any request.
 */
function lineLevel(req: IncomingMessage, res: ServerResponse): Level {
  const answeredProbe = res.writableFinished && res.statusCode < 300 && PROBE_PATHS.has(requestPath(req));
  return answeredProbe ? 'debug' : 'info';
}
