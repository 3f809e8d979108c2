import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

export const SERVER_ERROR_MESSAGE = 'Something went wrong.';

/** `body.amount` / `/amount` -> `amount`; nested paths keep their dots (`address.city`). */
function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** Fastify's own client errors, with messages a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'The request is not multipart/form-data.' },
};

/**
 * One error handler for the whole API: the contract's shape `{ message, errors? }` for 4xx, and a
 * bare `{ message: 'Something went wrong.' }` for 5xx (the details go to the log only).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        errors[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(errors)[0] ?? 'Invalid input.';
      return reply.status(400).send({ message: first, errors });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      if (error.statusCode === 429)
        return reply.status(429).send({ message: 'Too many requests. Please try again later.' });
      return reply.status(error.statusCode).send({ message: error.message || 'Invalid request.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });
}
