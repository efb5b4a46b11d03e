import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../../common/errors/domain-error';
import { asDatabaseUnavailable } from '../../database/unavailable';
import { requestLogger } from '../../logging/request-logger';
import { sendJson } from './json-response';

interface ErrorJson {
  error: string;
  code?: string;
  details?: unknown;
}

/** Texts for the statuses Nest itself raises (unknown route, wrong method, too large a body). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export interface ErrorResponse {
  status: number;
  body: ErrorJson;
  headers: Record<string, string>;
}

/** The contract's status, body and headers for anything thrown. */
export function errorResponse(thrown: unknown): ErrorResponse {
  const exception = classified(thrown);
  if (exception instanceof DomainError) {
    const { code, details, objectDetails, headers = {} } = exception.options;
    return { status: exception.status, body: { error: exception.error, code, details: objectDetails ?? details }, headers };
  }
  if (exception instanceof ThrottlerException) {
    return { status: 429, body: { error: 'Too Many Requests', code: 'RATE_LIMITED' }, headers: {} };
  }
  const status = exception instanceof HttpException ? exception.getStatus() : clientStatusOf(exception);
  if (status === 400 && !(exception instanceof HttpException)) {
    return { status, body: { error: 'Malformed request body' }, headers: {} };
  }
  if (status >= 500) return { status, body: { error: 'Internal Server Error' }, headers: {} };
  return { status, body: { error: STATUS_TEXT[status] ?? 'Bad Request' }, headers: {} };
}

/** A database that is down or too slow is a 503 (decisions §13), whoever met it. */
function classified(exception: unknown): unknown {
  return asDatabaseUnavailable(exception) ?? exception;
}

/** The contract's error answer from plain Express middleware, which runs before Nest's filter can. */
export function sendErrorResponse(response: Response, exception: unknown): void {
  send(response, errorResponse(exception));
}

function send(response: Response, { status, body, headers }: ErrorResponse): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  sendJson(response, status, body);
}

/** Body parsers mark malformed or oversize input with a 4xx `status`; anything else is ours. */
function clientStatusOf(exception: unknown): number {
  const status = (exception as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/** The one place where errors thrown by handlers become responses. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const answer = errorResponse(exception);
    if (answer.status >= 500) logFailure(requestLogger(http.getRequest<Request>()), classified(exception), answer.status);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    send(response, answer);
  }
}

/** A domain error is an answer the contract prescribes (even its 500s), logged with its cause; anything else is a fault. */
function logFailure(log: Logger, exception: unknown, status: number): void {
  if (!(exception instanceof DomainError)) {
    log.error({ context: 'Errors' }, exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return;
  }
  const cause = exception.cause instanceof Error ? exception.cause.message : exception.cause;
  log.warn({ context: 'Errors' }, cause === undefined ? `${status} ${exception.error}` : `${status} ${exception.error}: ${String(cause)}`);
}
