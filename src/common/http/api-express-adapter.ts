import type { Server } from 'node:http';
import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { sendJson } from './json-response';
import { indexRoutes } from './route-index';

/**
 * Nest's Express adapter with a shorter request path: the routes are indexed by group once all
 * are registered (see indexRoutes), and a handler's plain JSON answer goes out through `sendJson`.
 */
export class ApiExpressAdapter extends ExpressAdapter {
  /** Nest registers every route and middleware in `init`, which `listen` follows. */
  override listen(port: string | number, ...rest: [hostname?: string | (() => void), callback?: () => void]): Server {
    indexRoutes(this.instance.router);
    return (super.listen as (...args: unknown[]) => Server)(port, ...rest);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!isPlainAnswer(body) || response.getHeader('Content-Type') !== undefined) return super.reply(response, body, statusCode);
    sendJson(response, statusCode ?? response.statusCode, body);
    return response;
  }
}

function isPlainAnswer(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !(body instanceof StreamableFile) && !(body instanceof Error);
}
