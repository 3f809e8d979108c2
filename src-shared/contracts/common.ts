import { z } from 'zod';

/** Contract: every list accepts `page` (from 1) and `limit` (1..100); out-of-range values are clamped. */
export function paginationQuery(defaultLimit: number) {
  return {
    page: z
      .unknown()
      .optional()
      .transform((v) => {
        const n = Number.parseInt(String(v ?? ''), 10);
        return Number.isFinite(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
      }),
    limit: z
      .unknown()
      .optional()
      .transform((v) => {
        const n = Number.parseInt(String(v ?? ''), 10);
        if (!Number.isFinite(n)) return defaultLimit;
        return Math.min(100, Math.max(1, n));
      }),
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

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** A trimmed, lower-cased e-mail address (compared case-insensitively). */
export const emailSchema = z
  .string({ message: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ message: 'Invalid email address.' }));
