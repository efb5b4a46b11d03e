import type { Request, RequestHandler, Response } from 'express';
import { BodyTooLarge } from '../../common/errors/body-too-large';
import { announcesBody } from './body-presence';
import { sendErrorResponse } from './exception.filter';

/**
 * Decisions §13: a body larger than `limitBytes` answers 413 before it is read: at once when its
 * `Content-Length` says so, as soon as the limit is passed when it comes in chunks. The body
 * parser would read all of it first (it drains a refused body to its end), and a route that does
 * not exist or takes no body would leave it to be discarded. The rest is left to the bounded drain
 * (`boundUnreadBodies`). Requests for which `ownLimit` is true are bounded by their route instead.
 */
export function limitBodies(limitBytes: number, ownLimit: (request: Request) => boolean): RequestHandler {
  return (request, response, next) => {
    if (!announcesBody(request) || ownLimit(request)) return next();
    const length = request.headers['content-length'];
    if (length !== undefined) return Number(length) > limitBytes ? refuse(response) : next();
    cutAtLimit(request, response, limitBytes);
    next();
  };
}

function cutAtLimit(request: Request, response: Response, limitBytes: number): void {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limitBytes) return;
    request.off('data', count);
    refuse(response);
  };
  request.on('data', count);
}

function refuse(response: Response): void {
  if (!response.headersSent) sendErrorResponse(response, new BodyTooLarge());
}
