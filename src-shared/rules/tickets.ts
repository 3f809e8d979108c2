/**
 * The support ticket form's checks, the same as the server's (src-shared/contracts/tickets.ts),
 * without zod so the web forms stay small. Pure; each failure is a code of src-shared/errors.ts.
 */
import { TICKET_CATEGORIES } from '../constants/enums';
import type { ErrorCode } from '../errors';

export const TICKET_LIMITS = { subjectMin: 3, subject: 150, message: 5000 } as const;

export type TicketField = 'subject' | 'category' | 'message';

/** A message (the first one or a reply): required once trimmed, at most 5000 characters. */
export function ticketMessageError(message: unknown): ErrorCode | undefined {
  const text = typeof message === 'string' ? message.trim() : '';
  if (!text) return 'ticket.message_required';
  if (text.length > TICKET_LIMITS.message) return 'ticket.message_too_long';
  return undefined;
}

/** Each failing field of a new ticket with its code (none: the ticket may be sent). */
export function ticketFieldErrors(values: {
  subject?: unknown;
  category?: unknown;
  message?: unknown;
}): Partial<Record<TicketField, ErrorCode>> {
  const out: Partial<Record<TicketField, ErrorCode>> = {};
  const subject = typeof values.subject === 'string' ? values.subject.trim() : '';
  if (!subject) out.subject = 'ticket.subject_required';
  else if (subject.length < TICKET_LIMITS.subjectMin) out.subject = 'ticket.subject_too_short';
  else if (subject.length > TICKET_LIMITS.subject) out.subject = 'ticket.subject_too_long';
  if (!(TICKET_CATEGORIES as readonly unknown[]).includes(values.category))
    out.category = 'ticket.category_invalid';
  const message = ticketMessageError(values.message);
  if (message) out.message = message;
  return out;
}
