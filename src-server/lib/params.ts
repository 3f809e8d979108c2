/**
 * The one id parameter: `params: idParam('ventureId', 'venture.not_found')`. Ids are UUIDs; a
 * malformed one names no record, so it answers 404 with that record's not-found code, exactly like
 * an unknown id (the error handler turns a failed `params` validation into a 404 whose code is the
 * validation message). Fastify validates `params` before the body and the query, and after the
 * route's `onRequest` hooks (sign-in and role checks answer 401/403 first).
 */
import { z } from 'zod';
import type { ErrorCode } from '../../src-shared/errors';
import { UUID_PATTERN } from './query';

export function idParam<const N extends string>(name: N, notFoundCode: ErrorCode) {
  const id = z.string().regex(UUID_PATTERN, { message: notFoundCode });
  return z.object({ [name]: id } as { [K in N]: typeof id });
}
