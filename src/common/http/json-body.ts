import { type NextFunction, type Request, type RequestHandler, type Response, text } from 'express';
import { MalformedJson, parseUntrustedJson } from '../untrusted-json';

/**
 * JSON bodies: read as text by the body parser (size limit, charset, compression), then parsed by
 * the same code as every other JSON a client sends. A top-level value that is neither an object
 * nor an array is malformed, as express.json's strict mode had it.
 */
export function jsonBody(limit: string): RequestHandler[] {
  return [text({ type: 'application/json', limit }), parseJsonText];
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
