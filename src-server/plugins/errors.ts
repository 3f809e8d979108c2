import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorText, isErrorCode, type ErrorCode } from '../../src-shared/errors';
import { findInErrorChain } from '../lib/error-chain';
import { fieldErrorOf, HttpError } from '../lib/http-error';

export const SERVER_ERROR_MESSAGE = errorText('common.server_error');

/** `body.amount` / `/amount` -> `amount`; nested paths keep their dots (`address.city`). */
function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** Fastify's own client errors, with messages a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'common.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'common.empty_body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'common.body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'common.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'common.invalid_content_length' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'common.file_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'common.too_many_files' },
  FST_PARTS_LIMIT: { status: 413, code: 'common.too_many_parts' },
  FST_FIELDS_LIMIT: { status: 413, code: 'common.too_many_parts' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'common.not_multipart' },
  // A form field named __proto__, a JSON form field that is not JSON (@fastify/multipart: 400, 406).
  FST_PROTO_VIOLATION: { status: 400, code: 'common.invalid_multipart' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: 'common.invalid_multipart' },
  // Answered before routing (see frameworkErrors below).
  FST_ERR_BAD_URL: { status: 400, code: 'common.invalid_url' },
  // A path parameter over the router's 100 characters names no record, as a malformed id does.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: 'common.not_found' },
};

/**
 * Fastify's `frameworkErrors` option: errors found before a request is routed (a path whose percent
 * escapes do not decode, a path parameter too long for the router). Without it Fastify answers them
 * itself with `{ error, code: 'FST_ERR_BAD_URL', message, statusCode }`, outside the contract's shape.
 * No hook has run for such a request, so every answer's security headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_CLIENT_ERRORS[error.code] ?? { status: 400, code: 'common.invalid_request' };
  void reply
    .status(known.status)
    .headers(request.server.securityHeaders)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(new HttpError(known.status, known.code).toBody());
}

/**
 * One error handler for the whole API: the contract's shape `{ message, code, params?, errors?,
 * codes? }` for 4xx (codes from src-shared/errors.ts), and a bare `{ message: 'Something went
 * wrong.', code: 'common.server_error' }` for 5xx (the details go to the log only). Validation
 * messages of the request schemas are codes; each becomes its English text in `errors` and stays a
 * code in `codes`.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        // A malformed id names no record: 404 with that record's not-found code (lib/params.ts idParam).
        const message = error.validation[0]?.message;
        const code: ErrorCode = isErrorCode(message) ? message : 'common.not_found';
        return reply.status(404).send(new HttpError(404, code).toBody());
      }
      const errors: Record<string, string> = {};
      const codes: Record<string, ErrorCode> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        if (key in errors) continue;
        const { text, code } = fieldErrorOf(issue.message, key);
        errors[key] = text;
        codes[key] = code;
      }
      const first = Object.keys(errors)[0];
      return reply.status(400).send({
        message: first ? errors[first] : errorText('common.invalid_input'),
        code: first ? codes[first] : 'common.invalid_input',
        ...(first ? { params: { field: first } } : {}),
        errors,
        codes,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(new HttpError(known.status, known.code).toBody());
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      if (error.statusCode === 429)
        return reply.status(429).send(new HttpError(429, 'common.too_many_requests').toBody());
      // Any other client error of Fastify or a plugin: its status, and the table's text (its own
      // message is a developer's, e.g. 'reach fields limit').
      return reply
        .status(error.statusCode)
        .send(new HttpError(error.statusCode, 'common.invalid_request').toBody());
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send(new HttpError(400, 'common.invalid_value').toBody());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE, code: 'common.server_error' });
  });
}

/**
 * PostgreSQL refused a text value it cannot store: a NUL character (`\u0000` in a JSON string, `%00`
 * in a query string) has no place in a text column or parameter (SQLSTATE 22021, and 22P05 in
 * JSON). That is the client's input, not a fault of the server. Drizzle wraps the driver's error
 * (`cause`).
 */
function isUnstorableText(error: unknown): boolean {
  return (
    findInErrorChain(error, (each) => {
      const { code } = each as { code?: unknown };
      return code === '22021' || code === '22P05';
    }) !== undefined
  );
}
