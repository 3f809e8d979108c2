/**
 * The audit log (API contract, "Admin sign-in and audit"): GET /api/admin/audit, newest first.
 */
import { z } from 'zod';
import { ROLES } from '../constants/enums';
import { listOf, paginationQuery } from './common';
import { day, idFilter } from './money';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** GET /api/admin/audit. `actor` is an e-mail ("contains", case-insensitive) or an account id. */
export const auditListQuerySchema = z
  .object({
    actor: text(200),
    /** One account's actions by id (the back office's person page). */
    actorId: idFilter(),
    /** An exact action (`balance.credit`) or a family ending in `.*` (`servicing.*`). */
    action: text(100),
    targetType: text(50),
    targetId: text(100),
    /** From this day (inclusive, UTC). */
    from: day(),
    /** Up to this day (inclusive, UTC). */
    to: day(),
    order: z.enum(['asc', 'desc'], { error: 'common.sort_order_invalid' }).default('desc'),
    ...paginationQuery(25),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), {
    message: 'common.filter_date_range',
    path: ['to'],
  });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditRowSchema = z.object({
  _id: z.string(),
  at: z.string().describe('ISO 8601'),
  actor: z.object({ id: z.string().nullable(), email: z.string(), role: z.enum(ROLES).or(z.string()) }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListSchema = listOf(auditRowSchema);
