/**
 * Money crosses the API as euros with at most two decimals and lives everywhere else as integer
 * cents. This is the one place where the two meet; floating-point arithmetic on money is a defect.
 */

/** Parses a euro amount (number or decimal string) into integer cents, or returns null if it is not
 * a finite amount with at most two decimals. Never rounds: 12.345 is rejected, not rounded. */
export function eurosToCents(value: unknown): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Shortest round-trip representation: 0.1 -> "0.1", 1e21 -> "1e+21" (rejected below).
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Integer cents to a euro number for the API edge (exact for every amount below 2^53 cents). */
export function centsToEuros(cents: bigint | number): number {
  // One correctly rounded division of an exact integer gives the double nearest to the decimal
  // (139 -> 1.39); adding the cents' fraction to the euros gave 1.3900000000000001.
  return Number(BigInt(cents)) / 100;
}

/** Formats an amount of euros with two decimals for display, or '-' for a non-number. */
export function formatEuros(euros: unknown, locale = 'en'): string {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return '-';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(euros);
}

/** A percentage with at most two decimals ('12.5', 12.5) as an integer number of hundredths (1250). */
export function percentToHundredths(percent: string | number): bigint {
  const cents = eurosToCents(percent);
  if (cents === null) throw new RangeError(`not a percentage with two decimals: ${percent}`);
  return cents;
}

/** Divides and rounds half away from zero, in integers. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Contract: totalExpectedReturn = amount × expectedReturn% × investmentPeriod / 12 (simple annual
 * interest), rounded to cents. */
export function expectedReturnCents(
  amountCents: bigint,
  expectedReturnPercent: string | number,
  months: number,
): bigint {
  return divRound(
    amountCents * percentToHundredths(expectedReturnPercent) * BigInt(months),
    100n * 100n * 12n,
  );
}
