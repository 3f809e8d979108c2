/**
 * Working days (Monday to Friday, in UTC; public holidays are not counted out) for the support
 * tickets' complaint deadline (API contract, "Support tickets": a complaint is answered within 10
 * working days) and the admin overview's "complaints due soon". Pure: the time is passed in.
 */

/** How many working days a complaint may wait for an answer. */
export const COMPLAINT_WORKING_DAYS = 10;
/** The admin overview counts open complaints due within this many working days (or overdue). */
export const COMPLAINT_DUE_SOON_WORKING_DAYS = 3;

const DAY_MS = 86_400_000;

/** Monday to Friday (UTC). */
export function isWorkingDay(date: Date): boolean {
  const day = date.getUTCDay();
  return day !== 0 && day !== 6;
}

/**
 * `days` working days after `from`, at the same time of day: each step moves to the next Monday to
 * Friday, so a weekend does not count. From a Monday, 10 working days is the Monday two weeks later;
 * from a Friday, the Friday two weeks later; from a Saturday or Sunday, the Friday of the second
 * week after (the first working day counted is the Monday). 0 days is `from` itself.
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, 0 or more');
  let at = from.getTime();
  for (let left = days; left > 0;) {
    at += DAY_MS;
    if (isWorkingDay(new Date(at))) left -= 1;
  }
  return new Date(at);
}

/** A complaint's deadline: `COMPLAINT_WORKING_DAYS` working days after it was created. */
export const complaintRespondBy = (createdAt: Date): Date =>
  addWorkingDays(createdAt, COMPLAINT_WORKING_DAYS);

/**
 * Whether a ticket still waiting for an answer is past its deadline (only complaints have one; a
 * resolved or closed ticket never is).
 */
export function isOverdue(ticket: { status: string; respondBy: string | Date | null }, now: Date): boolean {
  if (!ticket.respondBy || ticket.status === 'resolved' || ticket.status === 'closed') return false;
  return new Date(ticket.respondBy).getTime() < now.getTime();
}
