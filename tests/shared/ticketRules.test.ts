import { describe, expect, it } from 'vitest';
import { ticketCreateBodySchema } from '../../src-shared/contracts/tickets';
import { ticketFieldErrors, ticketMessageError } from '../../src-shared/rules/tickets';

/** The server's codes for the same values (the first issue of each field). */
function serverCodes(values: Record<string, unknown>) {
  const parsed = ticketCreateBodySchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('the ticket form checks the fields as the server does', () => {
  const cases: Record<string, unknown>[] = [
    {},
    { subject: '  ', category: 'other', message: '' },
    { subject: ' ab ', category: 'payments', message: 'x' },
    { subject: 'abc', category: 'complaint', message: '  hi  ' },
    { subject: 's'.repeat(150), category: 'account', message: 'm'.repeat(5000) },
    { subject: 's'.repeat(151), category: 'technical', message: 'm'.repeat(5001) },
    { subject: 12, category: null, message: 3 },
  ];
  it.each(cases.map((c, i) => [i, c]))('case %i', (_i, values) => {
    expect(ticketFieldErrors(values as Record<string, unknown>)).toEqual(
      serverCodes(values as Record<string, unknown>),
    );
  });

  it('a reply needs text, at most 5000 characters', () => {
    expect(ticketMessageError('  ')).toBe('ticket.message_required');
    expect(ticketMessageError(undefined)).toBe('ticket.message_required');
    expect(ticketMessageError('z'.repeat(5001))).toBe('ticket.message_too_long');
    expect(ticketMessageError(' ok ')).toBeUndefined();
  });
});
