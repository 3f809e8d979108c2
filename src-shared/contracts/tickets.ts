/**
 * Support tickets (API contract, "Support tickets"): investors and companies open tickets and reply
 * in their thread; admins answer, change the status and see every ticket. A complaint carries a
 * deadline (`respondBy`, 10 working days after it was opened: src-shared/rules/workingDays.ts).
 * Validation messages are error codes (src-shared/errors.ts).
 */
import { z } from 'zod';
import { ROLES, TICKET_CATEGORIES, TICKET_STATUSES } from '../constants/enums';
import type { ErrorCode } from '../errors';
import { TICKET_LIMITS } from '../rules/tickets';
import { choiceFilter, listOf, paginationQuery, searchFilter } from './common';
import { safeText } from './input';

/** Ids are UUIDs (as src-server/lib/query.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { TICKET_LIMITS };

const requiredText = (
  min: number,
  max: number,
  required: ErrorCode,
  tooShort: ErrorCode,
  tooLong: ErrorCode,
) => safeText(z.string({ error: required }).trim().min(1, required).min(min, tooShort).max(max, tooLong));

const messageText = () =>
  safeText(
    z
      .string({ error: 'ticket.message_required' })
      .trim()
      .min(1, 'ticket.message_required')
      .max(TICKET_LIMITS.message, 'ticket.message_too_long'),
    { multiline: true },
  );

/** POST /api/tickets: subject 3..150 characters, a category, the first message 1..5000 (trimmed). */
export const ticketCreateBodySchema = z.object({
  subject: requiredText(
    TICKET_LIMITS.subjectMin,
    TICKET_LIMITS.subject,
    'ticket.subject_required',
    'ticket.subject_too_short',
    'ticket.subject_too_long',
  ),
  category: z.enum(TICKET_CATEGORIES, { error: 'ticket.category_invalid' }),
  message: messageText(),
});
export type TicketCreateBody = z.input<typeof ticketCreateBodySchema>;

/** POST /api/tickets/{id}/messages. */
export const ticketReplyBodySchema = z.object({ message: messageText() });
export type TicketReplyBody = z.input<typeof ticketReplyBodySchema>;

/** PATCH /api/admin/tickets/{id}. */
export const ticketStatusBodySchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'ticket.status_invalid' }),
});
export type TicketStatusBody = z.input<typeof ticketStatusBodySchema>;

/** Who opened the ticket. */
export const ticketAuthorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

/** One message of a thread; `author.role` tells an admin's answer from the author's own. */
export const ticketMessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: ticketAuthorSchema.omit({ email: true }),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  _id: z.string(),
  /** Counts up from 1 across the platform. */
  number: z.number().int(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  /** The last reply or status change. */
  updatedAt: z.string(),
  /** A complaint's deadline (10 working days after it was opened); null for other categories. */
  respondBy: z.string().nullable(),
  author: ticketAuthorSchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket with its thread, oldest message first. */
export const ticketWithMessagesSchema = ticketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketWithMessages = z.infer<typeof ticketWithMessagesSchema>;

/** A ticket as a dashboard lists it. */
export const ticketSummarySchema = ticketSchema.pick({
  _id: true,
  number: true,
  subject: true,
  category: true,
  status: true,
  createdAt: true,
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** GET /api/tickets/mine. */
export const myTicketListQuerySchema = z.object({
  status: choiceFilter('ticket.filter_status', TICKET_STATUSES),
  ...paginationQuery(10),
});
export type MyTicketListQuery = z.output<typeof myTicketListQuerySchema>;

/** The columns GET /api/admin/tickets sorts by; `respondBy` (the default) is "oldest deadline first". */
export const TICKET_SORT_FIELDS = ['respondBy', 'createdAt', 'updatedAt', 'number', 'status'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];

/** GET /api/admin/tickets. */
export const adminTicketListQuerySchema = z.object({
  status: choiceFilter('ticket.filter_status', TICKET_STATUSES),
  category: choiceFilter('ticket.filter_category', TICKET_CATEGORIES),
  /** Subject or author e-mail (case-insensitive "contains"), or the ticket's number ('12' or '#12'). */
  search: searchFilter(),
  /** The tickets of one author (the back office's person page). */
  userId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || UUID.test(v), 'common.filter_id_invalid'),
  sortBy: z.enum(TICKET_SORT_FIELDS).catch('respondBy').default('respondBy'),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  ...paginationQuery(10),
});
export type AdminTicketListQuery = z.output<typeof adminTicketListQuerySchema>;

export const ticketListSchema = listOf(ticketSchema);
export const ticketAnswerSchema = z.object({ data: ticketWithMessagesSchema });
export const ticketWrittenSchema = z.object({ message: z.string(), data: ticketWithMessagesSchema });
