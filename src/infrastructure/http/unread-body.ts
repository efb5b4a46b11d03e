import type { NextFunction, Request, Response } from 'express';
import { announcesBody } from './body-presence';

/** What is still read of a body after its request was answered: enough for the client to see the answer. */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2000;

/**
 * A request answered before its body was read (refused before an upload, or cut off mid-body)
 * would otherwise be drained for as long as the client sends. The rest is read and discarded, so
 * that a client still writing gets to read the answer, until LINGER_BYTES more have come or
 * LINGER_MS have passed; then the connection is closed.
 */
export function boundUnreadBodies(request: Request, response: Response, next: NextFunction): void {
  if (!announcesBody(request)) return next();
  // An answer given before the body was read, of a body longer than what is still read after it
  // (or of unknown length), says that the connection closes: it will, once the linger is over.
  const writeHead = response.writeHead;
  response.writeHead = function (this: Response, ...args: unknown[]) {
    if (!request.complete && !(declaredLength(request) <= LINGER_BYTES)) this.shouldKeepAlive = false;
    return (writeHead as (...all: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  // At `prefinish`, before Node's own `finish` handler dumps an unread body: a dumped body is
  // read to its end with no 'data' event to count it by.
  response.once('prefinish', () => {
    if (!request.complete && !request.destroyed) discardRest(request);
  });
  next();
}

/** The body's declared length; NaN for a chunked body. */
function declaredLength(request: Request): number {
  return request.headers['transfer-encoding'] === undefined ? Number(request.headers['content-length']) : Number.NaN;
}

function discardRest(request: Request): void {
  let left = LINGER_BYTES;
  const close = () => request.socket.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  const stop = () => clearTimeout(timer);
  request.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) close();
  });
  request.once('end', stop);
  request.once('close', stop);
  request.resume();
}
