import { centsToEuros, eurosToCents } from '../../../src-shared/money';

/** The sum of the rows' `amount` (euros), added in cents. */
export function sumEuros(rows: ReadonlyArray<{ amount?: unknown }>): number {
  let cents = 0n;
  for (const row of rows) cents += eurosToCents(row.amount) ?? 0n;
  return centsToEuros(cents);
}
