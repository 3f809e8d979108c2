import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  complaintRespondBy,
  isOverdue,
  isWorkingDay,
} from '../../src-shared/rules/workingDays';

// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);

describe('addWorkingDays (Monday to Friday, UTC)', () => {
  it('knows the working days', () => {
    expect(isWorkingDay(at('2026-11-23T12:00:00Z'))).toBe(true); // Monday
    expect(isWorkingDay(at('2026-11-27T23:59:59Z'))).toBe(true); // Friday
    expect(isWorkingDay(at('2026-11-28T00:00:00Z'))).toBe(false); // Saturday
    expect(isWorkingDay(at('2026-11-29T12:00:00Z'))).toBe(false); // Sunday
  });

  it('from a Monday: 10 working days is the Monday two weeks later, same time', () => {
    expect(addWorkingDays(at('2026-11-23T09:30:00Z'), 10)).toEqual(at('2026-12-07T09:30:00Z'));
  });

  it('across one weekend: Wednesday + 3 is the Monday after', () => {
    expect(addWorkingDays(at('2026-11-25T15:00:00Z'), 3)).toEqual(at('2026-11-30T15:00:00Z'));
  });

  it('from a Friday: + 1 is the Monday, + 10 the Friday two weeks later', () => {
    expect(addWorkingDays(at('2026-11-27T16:45:00Z'), 1)).toEqual(at('2026-11-30T16:45:00Z'));
    expect(addWorkingDays(at('2026-11-27T16:45:00Z'), 10)).toEqual(at('2026-12-11T16:45:00Z'));
  });

  it('from a Saturday or Sunday: the Monday is the first working day counted', () => {
    expect(addWorkingDays(at('2026-11-28T10:00:00Z'), 1)).toEqual(at('2026-11-30T10:00:00Z'));
    expect(addWorkingDays(at('2026-11-28T10:00:00Z'), 10)).toEqual(at('2026-12-11T10:00:00Z'));
    expect(addWorkingDays(at('2026-11-29T23:00:00Z'), 10)).toEqual(at('2026-12-11T23:00:00Z'));
  });

  it('0 days is the moment itself; a negative or fractional count is refused', () => {
    expect(addWorkingDays(at('2026-11-28T10:00:00Z'), 0)).toEqual(at('2026-11-28T10:00:00Z'));
    expect(() => addWorkingDays(at('2026-11-23T10:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(at('2026-11-23T10:00:00Z'), 1.5)).toThrow(RangeError);
  });

  it('a complaint is due 10 working days after it was opened', () => {
    expect(complaintRespondBy(at('2026-11-25T08:00:00Z'))).toEqual(at('2026-12-09T08:00:00Z'));
  });

  it('a ticket is overdue only while it waits for an answer past its deadline', () => {
    const now = at('2026-12-10T00:00:00Z');
    const due = '2026-12-09T08:00:00.000Z';
    expect(isOverdue({ status: 'open', respondBy: due }, now)).toBe(true);
    expect(isOverdue({ status: 'in_progress', respondBy: due }, now)).toBe(true);
    expect(isOverdue({ status: 'resolved', respondBy: due }, now)).toBe(false);
    expect(isOverdue({ status: 'closed', respondBy: due }, now)).toBe(false);
    expect(isOverdue({ status: 'open', respondBy: null }, now)).toBe(false);
    expect(isOverdue({ status: 'open', respondBy: due }, at('2026-12-09T07:59:59Z'))).toBe(false);
  });
});
