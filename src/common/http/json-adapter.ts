import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { sendJson } from './json-response';

/**
 * Nest's Express adapter, but a handler's plain JSON answer goes out through `sendJson`. Anything
 * else (no body, a stream, an Error, an answer whose Content-Type the handler chose) takes Nest's
 * own path.
 */
export class JsonExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!isPlainAnswer(body) || response.getHeader('Content-Type') !== undefined) return super.reply(response, body, statusCode);
    sendJson(response, statusCode ?? response.statusCode, body);
    return response;
  }
}

function isPlainAnswer(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !(body instanceof StreamableFile) && !(body instanceof Error);
}
