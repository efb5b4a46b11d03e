import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { originCheck } from './auth/origin-check.middleware';
import { AppExceptionFilter, sendErrorResponse } from './common/errors/exception.filter';
import { corsForOrigins } from './common/http/cors';
import { jsonBody } from './common/http/json-body';
import { boundUnreadBodies } from './common/http/unread-body';
import { createValidationPipe } from './common/validation';
import { serveConsole } from './console/console-site';
import type { AppConfig } from './config/config';
import { rootLogger } from './logging/logging.module';
import { requestLogging } from './logging/request-logger';
import { setupOpenApi } from './openapi';

export const API_PREFIX = 'v1';
export const JSON_BODY_LIMIT = '100kb';

/** Everything main.ts and the tests both apply to the application, so what is tested is what runs. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.useLogger(app.get(Logger));
  express.disable('x-powered-by');
  // Answers that can be revalidated set their own ETag (images, the nationalities); hashing every
  // other JSON body for one costs a digest per request that no client of this API sends back.
  express.set('etag', false);
  if (config.trustProxy !== undefined) express.set('trust proxy', config.trustProxy);
  express.use(requestLogging(rootLogger(config)));
  express.use(boundUnreadBodies);
  serveConsole(express);
  express.use(jsonBody(JSON_BODY_LIMIT, config.bodyTimeoutMs));
  express.use(bodyParserErrors);
  express.use(corsForOrigins(config.corsOrigins));
  express.use(originCheck(config));
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

/** Malformed, oversize or forbidden JSON is the client's fault: the contract's JSON error, never a 500. */
function bodyParserErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (!error) return next();
  sendErrorResponse(response, error);
}
