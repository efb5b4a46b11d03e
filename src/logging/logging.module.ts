import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger, type LoggerOptions } from 'pino';
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

/** The path the client asked for, without the query: Express rewrites `url` while routing, not `originalUrl`. */
export function requestPath(req: { url?: string; originalUrl?: string }): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0];
}

/**
 * `req` and `res` are written through these serializers only, so no header (cookies, tokens)
 * ever reaches a line: a redaction pass over every line would only repeat that.
 */
function options(config: AppConfig): LoggerOptions {
  return {
    level: config.logLevel,
    serializers: {
      req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({ id: req.id, method: req.method, path: requestPath(req) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

const rootLoggers = new WeakMap<AppConfig, Logger>();

/** The application's pino logger; one per configuration, so the module and configureApp share it. */
export function rootLogger(config: AppConfig): Logger {
  let logger = rootLoggers.get(config);
  if (!logger) {
    logger = prettyLogs(config)
      ? pino({ ...options(config), transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } } })
      : // Asynchronous: lines written while a write is under way go out together in the next
        // one, instead of one blocking write per request. pino flushes the rest at exit.
        pino(options(config), pino.destination({ dest: 1, sync: false }));
    rootLoggers.set(config, logger);
  }
  return logger;
}

/** Structured logs (JSON lines, see prettyLogs); credentials are never written. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // The request middleware is ours (requestLogging, mounted by configureApp).
        useExisting: true as const,
        forRoutes: [],
        pinoHttp: { logger: rootLogger(config) },
      }),
    }),
  ],
})
export class LoggingModule {}
