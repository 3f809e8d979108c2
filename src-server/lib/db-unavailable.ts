/**
 * The database is down, restarting or out of connections: the request could not be served now, but
 * may be in a moment. Such errors answer 503 `{ message, code: 'common.unavailable' }` with a
 * `Retry-After` header instead of the 500 of a defect. This module stays free of heavy imports:
 * main.ts uses `isDatabaseUnavailable` before the app is loaded.
 */
import type { FastifyInstance } from 'fastify';
import { findInErrorChain } from './error-chain';
import { HttpError } from './http-error';

/** What `Retry-After` says (seconds): about how long the embedded PostgreSQL takes to restart. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection to the database (with a `syscall`: not a client's aborted request). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away, not there yet or too busy: admin_shutdown
 * (57P01, a fast or immediate stop), crash_shutdown (57P02, another backend crashed),
 * cannot_connect_now (57P03, starting up, shutting down, in recovery), too_many_connections (53300),
 * query_canceled (57014: the statement_timeout of db/client.ts, or an operator's cancel) and the
 * connection exceptions of class 08.
 */
const SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres' own messages: the pool's wait for a free client, a connection that died. */
const MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

function unavailableHere(error: object): boolean {
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SQLSTATES.has(code)) return true;
    if (NETWORK_CODES.has(code) && typeof syscall === 'string') return true;
    // The embedded cluster's Unix socket is not there (PostgreSQL stopped, or not started yet): its
    // ECONNREFUSED. Only for a connect: a missing file elsewhere is no database matter.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && MESSAGES.test(message);
}

/** The error in the chain that says the database is unavailable. */
const culprit = (error: unknown) => findInErrorChain(error, unavailableHere);

/**
 * Whether an error (or what it wraps: Drizzle's `DrizzleQueryError` keeps the driver's error as
 * `cause`, a refused connection to several addresses is an `AggregateError`) says that the database
 * could not be reached or is going away.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return culprit(error) !== undefined;
}

/** A short description for the log (the whole error of an outage would repeat on every request). */
function summary(error: unknown): { message: string; code?: string } {
  const { message, code } = (culprit(error) ?? {}) as { message?: unknown; code?: unknown };
  return { message: String(message), ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * The API's answer while the database is unavailable. Registered in the `/api` scope (app.ts), in
 * front of the app's error handler (plugins/errors.ts): any other error is passed on to it unchanged.
 * The bound on how long a request waits is the pool's `connectionTimeoutMillis` (db/client.ts).
 */
export function registerDatabaseUnavailable(api: FastifyInstance): void {
  api.setErrorHandler((error, request, reply) => {
    if (!isDatabaseUnavailable(error)) throw error; // to the parent scope's handler
    request.log.warn({ database: summary(error) }, 'database unavailable: answered 503');
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(new HttpError(503, 'common.unavailable').toBody());
  });
}
