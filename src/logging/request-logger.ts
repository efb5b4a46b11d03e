import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

const ROOT = Symbol('root logger');
const CHILD = Symbol('request logger');

type LoggedRequest = IncomingMessage & { [ROOT]?: Logger; [CHILD]?: Logger };

/** Makes `root` the logger that this request's lines are made from (the request-logging middleware does, first). */
export function attachRootLogger(request: IncomingMessage, root: Logger): void {
  (request as LoggedRequest)[ROOT] = root;
}

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
