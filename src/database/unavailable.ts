import { DependencyUnavailable } from '../common/errors/dependency-unavailable';

/**
 * PostgreSQL's codes for "not now": a statement cancelled by its timeout, the server shutting down
 * or starting, the connection failing (SQLSTATE classes 57 and 08); the pipelined reads' driver's
 * for a connection that failed, timed out or was replaced; SQLite's busy database.
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'SQLITE_BUSY',
]);

/** What node-postgres says when it cannot connect, loses the connection or gives up waiting; the pipelined reads' timeout (settledWithin). */
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|no answer within \d+ ms|connect ECONNREFUSED|ECONNRESET|Client has encountered a connection error|Connection closed|not queryable/i;

/** The database error as a 503 DependencyUnavailable when the database was down or too slow; otherwise undefined. */
export function asDatabaseUnavailable(error: unknown): DependencyUnavailable | undefined {
  // Duck-typed: errors of Node's own sockets need not share this realm's Error.
  const { message, code, driverError } = (error ?? {}) as { message?: unknown; code?: unknown; driverError?: { code?: unknown } };
  if (typeof message !== 'string' || error instanceof DependencyUnavailable) return undefined;
  const sqlState = driverError?.code ?? code;
  const unavailable = (typeof sqlState === 'string' && UNAVAILABLE_CODES.has(sqlState)) || UNAVAILABLE_MESSAGES.test(message);
  return unavailable ? new DependencyUnavailable('database', error) : undefined;
}
