import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/config';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * JSON lines, one object per line, for collectors; readable colour output through pino-pretty
 * only for a person at a terminal outside production (decisions §10).
 */
export function prettyLogs(config: Pick<AppConfig, 'nodeEnv'>, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  return stdoutIsTerminal && config.nodeEnv !== 'production';
}

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

/** Structured logs (JSON lines, see prettyLogs); credentials are never written. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: {
          level: config.logLevel,
          ...(prettyLogs(config) ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
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
      }),
    }),
  ],
})
export class LoggingModule {}
