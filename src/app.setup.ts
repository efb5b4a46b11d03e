import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { originCheck } from './access/origin-check.middleware';
import { API_PREFIX } from './common/api-prefix';
import { createValidationPipe } from './common/validation';
import { serveConsole } from './console/console-site';
import type { AppConfig } from './config/config';
import { installLazyCookies } from './infrastructure/http/cookies';
import { corsForOrigins } from './infrastructure/http/cors';
import { AppExceptionFilter, sendErrorResponse } from './infrastructure/http/exception.filter';
import { limitBodies } from './infrastructure/http/body-limit';
import { jsonBody } from './infrastructure/http/json-body';
import { boundUnreadBodies } from './infrastructure/http/unread-body';
import { requestLogging } from './infrastructure/request-logging';
import { rootLogger } from './logging/logging.module';
import { setupOpenApi } from './openapi';

const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Uploads (a multipart PATCH of a character or a bank) are bounded by their route, by the parts it declares. */
const boundsItsOwnBody = (request: Request) => request.method === 'PATCH' && typeof request.is('multipart/form-data') === 'string';

/** Everything main.ts and the tests both apply to the application, so what is tested is what runs. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.useLogger(app.get(Logger));
  express.disable('x-powered-by');
  // Answers that can be revalidated set their own ETag (images, the nationalities); hashing every
  // other JSON body for one costs a digest per request that no client of this API sends back.
  express.set('etag', false);
  if (config.trustProxy !== undefined) express.set('trust proxy', config.trustProxy);
  installLazyCookies(express.getHttpAdapter().getInstance() as Express);
  express.use(requestLogging(rootLogger(config)));
  express.use(boundUnreadBodies);
  express.use(limitBodies(JSON_BODY_LIMIT_BYTES, boundsItsOwnBody));
  serveConsole(express);
  express.use(jsonBody(JSON_BODY_LIMIT_BYTES, config.bodyTimeoutMs));
  express.use(corsForOrigins(config.corsOrigins));
  express.use(originCheck(config));
  express.use(middlewareErrors);
  setApiPrefix(express);
  express.useGlobalPipes(createValidationPipe());
  express.useGlobalFilters(new AppExceptionFilter());
  setupOpenApi(express);
  // No enableShutdownHooks(): main.ts installs the graceful shutdown of decisions §10 instead,
  // which serves on for a while before it closes anything; tests call app.close() themselves.
}

/** Every route but the development providers' lives under /v1 (the OpenAPI generator needs the same). */
export function setApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, { exclude: ['dev/{*path}'] });
}

/**
 * What the plain middleware above refuses (a malformed, oversize or late body, a foreign origin)
 * is the client's fault: the contract's JSON error, never a 500. Nest's filter only sees routes.
 */
function middlewareErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (!error) return next();
  // Already answered (a body cut off at its limit, then refused by the parser too): the first answer stands.
  if (!response.headersSent) sendErrorResponse(response, error);
}
