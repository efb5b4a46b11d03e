import { createServer } from 'node:http';
import { type NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import { expressMessageOptions } from './express-messages';
import { sendJson } from './json-response';

/**
 * Nest's Express adapter, but a handler's plain JSON answer goes out through `sendJson`. Anything
 * else (no body, a stream, an Error, an answer whose Content-Type the handler chose, a conditional
 * request) takes Nest's own path. Its HTTP server makes Express's requests and responses from the start
 * (`expressMessageOptions`); TLS and tracked connections, which the service does not use, keep
 * Nest's own server.
 */
export class JsonExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer(expressMessageOptions(app), app);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!isPlainAnswer(body) || response.getHeader('Content-Type') !== undefined || isConditional(response.req)) {
      return super.reply(response, body, statusCode);
    }
    sendJson(response, statusCode ?? response.statusCode, body);
    return response;
  }
}

/**
 * Express's `res.json` answers 304 when the request is fresh, which an answer without ETag still
 * is for `If-None-Match: *`; such requests are rare, so they keep that check.
 */
function isConditional(request: Request): boolean {
  return request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
}

function isPlainAnswer(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !(body instanceof StreamableFile) && !(body instanceof Error);
}
