import { type NextFunction, type Request, type RequestHandler, type Response, text } from 'express';
import { BodyTimeout } from '../../common/errors/body-timeout';
import { MalformedJson, parseUntrustedJson } from '../../common/untrusted-json';
import { announcesBody } from './body-presence';
import { sendErrorResponse } from './exception.filter';

/**
 * JSON bodies: read as text by the body parser (size limit, charset, compression), then parsed by
 * the same code as every other JSON a client sends. A top-level value that is neither an object
 * nor an array is malformed, as express.json's strict mode had it.
 */
export function jsonBody(limit: number, deadlineMs: number): RequestHandler {
  return withDeadline(text({ type: 'application/json', limit }), deadlineMs);
}

/**
 * A body still not read after `deadlineMs` answers 408 and closes the connection; the late reader
 * is ignored. A body read in time is parsed.
 */
function withDeadline(reader: RequestHandler, deadlineMs: number): RequestHandler {
  return (request, response, next) => {
    // Most requests (every GET) have no body: no timer to set and clear for them.
    if (!announcesBody(request)) return next();
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      sendErrorResponse(response, new BodyTimeout());
    }, deadlineMs).unref();
    void reader(request, response, (error?: unknown) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      if (error) next(error);
      else parseJsonText(request, response, next);
    });
  };
}

function parseJsonText(request: Request, _response: Response, next: NextFunction): void {
  if (typeof request.body !== 'string') return next();
  try {
    const value = request.body.trim() === '' ? {} : parseUntrustedJson(request.body, 'body');
    if (typeof value !== 'object' || value === null) throw new MalformedJson('body must be a JSON object or array');
    request.body = value;
    next();
  } catch (error) {
    next(error);
  }
}
