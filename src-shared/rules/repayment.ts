/**
 * A repayment split over a venture's investors (API contract, "A venture's money": credited pro rata
 * to the cent). The back office previews with these functions what each investor will receive before
 * an admin records a repayment; they follow the server's own split (splitProRata in
 * src-server/modules/ventures/money.ts): per investor, in proportion to the sum of that
 * investor's `completed` investments, largest-remainder rounding, ties to the investor whose first
 * investment is the older one.
 */
import { eurosToCents } from '../money';

/** Cents to euros: one correctly rounded division (1.39, never 1.3900000000000001). */
const euros = (cents: bigint): number => Number(cents) / 100;

/** Splits `total` cents over `weights` in proportion, to the cent, with largest-remainder rounding. */
export function splitProRata(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new RangeError('weights must sum to more than 0');
  const shares = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  // Largest remainder first; ties go to the earlier one.
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** An investment as the repayment preview needs it (amount in euros, as the API answers it). */
export interface RepaymentInvestment {
  id: string;
  amount: number;
  status: string;
  investmentDate: string;
  investor: { id: string; name: string };
}

export interface RepaymentShare {
  investorId: string;
  name: string;
  /** What the investor put in (their completed investments), euros. */
  invested: number;
  /** What the investor receives of this repayment, euros. */
  amount: number;
}

/**
 * What each investor receives of `amount` euros: only `completed` investments count (the server
 * repays a funded venture's completed investments), investors ordered by their oldest investment
 * (then by investment id, as the server's `ORDER BY investmentDate, id`). The shares add up to
 * `amount` exactly. An amount that is not a positive euro amount with two decimals, or no completed
 * investment, gives an empty list.
 */
export function repaymentShares(
  amount: unknown,
  investments: readonly RepaymentInvestment[],
): RepaymentShare[] {
  const totalCents = eurosToCents(amount);
  if (totalCents === null || totalCents <= 0n) return [];
  const rows = investments
    .filter((i) => i.status === 'completed')
    .map((i) => ({ ...i, cents: eurosToCents(i.amount) ?? 0n }))
    .sort((a, b) => {
      const byDate = Date.parse(a.investmentDate) - Date.parse(b.investmentDate);
      if (byDate !== 0) return byDate;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  const investors: { id: string; name: string; cents: bigint }[] = [];
  for (const row of rows) {
    const known = investors.find((x) => x.id === row.investor.id);
    if (known) known.cents += row.cents;
    else investors.push({ id: row.investor.id, name: row.investor.name, cents: row.cents });
  }
  if (investors.length === 0 || investors.every((x) => x.cents === 0n)) return [];
  const shares = splitProRata(
    totalCents,
    investors.map((x) => x.cents),
  );
  return investors.map((x, i) => ({
    investorId: x.id,
    name: x.name,
    invested: euros(x.cents),
    amount: euros(shares[i]!),
  }));
}
