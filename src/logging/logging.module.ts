import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { AppConfig } from '../config/config';

const REQUEST_ID = /^[\w-]{1,64}$/;


/** Keeps a caller's well-formed X-Request-Id, else makes one, and echoes it on the response. */
export function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  if (typeof request.id === 'string') return request.id;
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  request.id = id;
  response.setHeader('X-Request-Id', id);
  return id;
}

/** Express middleware form, first in the chain, so even body-parser errors carry the id. */
export function assignRequestId(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  requestIdOf(request, response);
  next();
}

/** Structured JSON logs; credentials are never written. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: [
          {
            level: config.logLevel,
            genReqId: requestIdOf,
            customProps: (request: IncomingMessage) => ({ requestId: request.id }),
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                path: req.url.split('?')[0],
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            redact: { paths: ['req.headers', 'res.headers'], remove: true },
          },
          // Asynchronous: lines written while a write is under way go out together in the next
          // one, instead of one blocking write per request (a tenth of the request path's CPU
          // under load). pino flushes what is left when the process exits.
          pino.destination({ dest: 1, sync: false }),
        ],
      }),
    }),
  ],
})
export class LoggingModule {}
