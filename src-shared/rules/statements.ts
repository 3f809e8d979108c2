/**
 * The statements' range rule (decision 0165), without zod so that the screens can import it: one
 * rule for the server (`checkRange`) and the investor's and the company's export forms.
 */

/** The longest range of one transactions export: 5 years. */
export const MAX_RANGE_YEARS = 5;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A transactions range's problem (decision 0165), the one rule of the server and the screens: from
 * and to real days, from not after to, and to before the day 5 years after from. */
export function rangeProblem(
  from: string,
  to: string,
): 'dateInvalid' | 'rangeInvalid' | 'rangeTooLong' | null {
  const real = (d: string) => {
    const date = new Date(`${d}T00:00:00Z`);
    return DAY.test(d) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
  };
  if (!real(from) || !real(to)) return 'dateInvalid';
  if (from > to) return 'rangeInvalid';
  const limit = `${String(Number(from.slice(0, 4)) + MAX_RANGE_YEARS).padStart(4, '0')}${from.slice(4)}`;
  if (to >= limit) return 'rangeTooLong';
  return null;
}

/** Whole days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
