/**
 * Mails: the public contact form (POST /api/contact) and the admins' inbox of its messages (API
 * contract, "Users and mails"). Validation messages are error codes (src-shared/errors.ts).
 */
import { z } from 'zod';
import { CONTACT_LIMITS } from '../constants/contact';
import { MAIL_STATUSES } from '../constants/enums';
import type { ErrorCode } from '../errors';
import { choiceFilter, emailSchema, paginationQuery, paginationSchema, searchFilter } from './common';
import { safeText } from './input';

export { CONTACT_LIMITS };

const text = (max: number, required: ErrorCode, tooLong: ErrorCode, multiline = false) =>
  safeText(z.string({ error: required }).trim().min(1, required).max(max, tooLong), { multiline });

/** POST /api/contact: every field trimmed and required; only the message has line breaks. Refused by
 * this schema before the rate limit counts the request (finding 11). */
export const contactBodySchema = z.object({
  name: text(CONTACT_LIMITS.name, 'contact.name_required', 'contact.name_too_long'),
  email: emailSchema,
  subject: text(CONTACT_LIMITS.subject, 'contact.subject_required', 'contact.subject_too_long'),
  message: text(CONTACT_LIMITS.message, 'contact.message_required', 'contact.message_too_long', true),
});
export type ContactBody = z.input<typeof contactBodySchema>;

/** The columns GET /api/admin/mails sorts by (`sortBy`); anything else reads as `createdAt`. */
export const MAIL_SORT_FIELDS = ['createdAt', 'status', 'email', 'subject'] as const;
export type MailSortField = (typeof MAIL_SORT_FIELDS)[number];

/** Characters of the message shown in the list (`excerpt`). */
export const MAIL_EXCERPT_LENGTH = 140;

/** A row of the inbox: no message body, only its first characters. */
export const mailRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** The message's first 140 characters, whitespace collapsed ('...' when cut). */
  excerpt: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type MailRow = z.infer<typeof mailRowSchema>;

/** One mail with its message. */
export const mailSchema = mailRowSchema.extend({ message: z.string() });
export type Mail = z.infer<typeof mailSchema>;

export const mailListQuerySchema = z.object({
  status: choiceFilter('mail.filter_status', MAIL_STATUSES),
  /** Name, e-mail, subject or message, case-insensitive "contains". */
  search: searchFilter(),
  sortBy: z.enum(MAIL_SORT_FIELDS).catch('createdAt').default('createdAt'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  ...paginationQuery(10),
});
export type MailListQuery = z.output<typeof mailListQuerySchema>;

/** GET /api/admin/mails answers its rows under `mails` (API contract), not `data`. */
export const mailListSchema = z.object({ mails: z.array(mailRowSchema), pagination: paginationSchema });
export const mailAnswerSchema = z.object({ data: mailSchema });
export const mailUpdatedSchema = z.object({ message: z.string(), data: mailSchema });

export const mailUpdateBodySchema = z.object({
  status: z.enum(MAIL_STATUSES, { error: 'mail.status_invalid' }),
});
