import type { IncomingMessage } from 'node:http';

/** The body parser's own test (type-is): a body is announced by a length, even 0, or a transfer coding. */
export function announcesBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || request.headers['content-length'] !== undefined;
}
