import { z } from 'zod';
import { ERROR_TEXTS, type ErrorCode } from '../errors';
import { safeText } from './input';

/** Contract: every list accepts `page` (from 1) and `limit` (1..100); out-of-range values are clamped. */
export function paginationQuery(defaultLimit: number) {
  return {
    page: z
      .unknown()
      .optional()
      .transform((v) => {
        const n = Number.parseInt(String(v ?? ''), 10);
        return Number.isFinite(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
      })
      // The OpenAPI document (and so the clients' types) says what a client should send.
      .meta({ type: 'integer', minimum: 1, description: 'From 1; anything else reads as 1' }),
    limit: z
      .unknown()
      .optional()
      .transform((v) => {
        const n = Number.parseInt(String(v ?? ''), 10);
        if (!Number.isFinite(n)) return defaultLimit;
        return Math.min(100, Math.max(1, n));
      })
      .meta({ type: 'integer', minimum: 1, maximum: 100, description: 'Clamped to 1..100' }),
  };
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

/** A list query's page once `paginationQuery` has clamped it. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** The body of every paginated list: the page's rows and `pagination`. */
export const listOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), pagination: paginationSchema });

export const messageSchema = z.object({ message: z.string() });
/** Every error answer: the English `message`, its stable `code` (src-shared/errors.ts), the code's
 * `params`, and per field the English text (`errors`) and the code (`codes`). */
export const errorCodeSchema = z
  .enum(Object.keys(ERROR_TEXTS) as [ErrorCode, ...ErrorCode[]])
  .meta({ id: 'ErrorCode', description: 'A stable error code (src-shared/errors.ts)' });
export const errorSchema = z
  .object({
    message: z.string(),
    code: errorCodeSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    errors: z.record(z.string(), z.string()).optional(),
    codes: z.record(z.string(), errorCodeSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorSchema>;

/** A trimmed, lower-cased e-mail address (compared case-insensitively). */
export const emailSchema = z
  .string({ message: 'auth.email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'auth.email_required')
  .max(254, 'auth.email_too_long')
  .pipe(z.email({ message: 'auth.email_invalid' }));

/** An optional list filter of fixed values: 'all' and '' mean no filter; anything else is a 400 with `code`. */
export const choiceFilter = <T extends readonly [string, ...string[]]>(code: ErrorCode, values: T) =>
  z
    .enum([...values, 'all', ''] as unknown as [string, ...string[]], { error: code })
    .optional()
    .transform((v) => (v === undefined || v === 'all' || v === '' ? undefined : (v as T[number])));

/** A list's free-text `search`: trimmed, at most 200 characters, '' meaning none; no control or
 * invisible characters (the shared refinement of src-shared/contracts/input.ts). */
export const searchFilter = () =>
  safeText(z.string().trim().max(200))
    .optional()
    .transform((v) => v || undefined);
