/**
 * Every route declares each status it can answer, so that the generated client types
 * (src-shared/api/schema.d.ts) are exact: `response: responses({ 200: body }, ...WRITE, ...ROLE, 404)`.
 * Each error status answers the one error body (`errorSchema`: message, code, params, errors, codes).
 *
 * Which statuses a route lists:
 * - 400: a query or body schema, or a handler check, can refuse the request;
 * - 401: a session is required (`requireSignedIn`, `requireRole`), or a credential is checked;
 * - 403: a role is required (`requireRole`), or a rule refuses the person (deactivated, not verified);
 * - 404: an id parameter (`idParam`: a malformed id is 404 too) or a record the caller cannot see;
 * - 409: the record's state forbids the change (or an Idempotency-Key is still in flight);
 * - 413 / 415: an upload too large / of the wrong type;
 * - 422: an Idempotency-Key reused with another body;
 * - 429: a rate limit (the auth calls, code requests);
 * - `WRITE` for every POST, PUT and PATCH: a malformed JSON body (400), a cross-site browser request
 *   (403, plugins/security.ts), a body over the limit (413), a media type the route does not take (415).
 * 5xx answers (`common.server_error`) are possible everywhere and are not listed.
 */
import type { z } from 'zod';
import { errorSchema } from '../../src-shared/contracts/common';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502;

/** What any POST, PUT or PATCH can answer before its handler runs. */
export const WRITE = [400, 403, 413, 415] as const;
/** `requireRole(...)`: 401 without a session, 403 with another role. */
export const ROLE = [401, 403] as const;

/** The route's `schema.response`: its success bodies, and `errorSchema` for each error status. */
export function responses<S extends Record<number, z.ZodType>, const E extends ErrorStatus[]>(
  success: S,
  ...statuses: E
): S & { [K in E[number]]: typeof errorSchema } {
  const errors = Object.fromEntries(statuses.map((status) => [status, errorSchema]));
  return { ...success, ...errors } as S & { [K in E[number]]: typeof errorSchema };
}
