/**
 * The arithmetic of investor protection (EU 2020/1503 Art. 21(4), 21(7) and 22; API contract,
 * "Investor protection"), shared by the server's rules and the investor's calculator. Integer cents
 * (bigint); no floating point.
 */
import {
  LOSS_CAPACITY_PERCENT,
  REFLECTION_HOURS,
  WARNING_THRESHOLD_FLOOR_CENTS,
  WARNING_THRESHOLD_PERCENT,
} from '../contracts/protection';

/** Art. 21(4) and Delegated Regulation 2022/2114 Art. 5: net worth = yearly income + liquid assets -
 * yearly commitments; the capacity to bear loss is 10 % of it, rounded down to the cent, 0 when the
 * net worth is negative. */
export function lossCapacity(
  annualIncomeCents: bigint,
  liquidAssetsCents: bigint,
  annualCommitmentsCents: bigint,
): { netWorthCents: bigint; capacityCents: bigint } {
  const netWorthCents = annualIncomeCents + liquidAssetsCents - annualCommitmentsCents;
  const capacityCents = netWorthCents > 0n ? (netWorthCents * LOSS_CAPACITY_PERCENT) / 100n : 0n;
  return { netWorthCents, capacityCents };
}

/** Art. 21(7): the higher of EUR 1,000 and 5 % of the net worth (rounded down to the cent); EUR 1,000
 * when there is no simulation or the net worth is negative. */
export function warningThresholdCents(netWorthCents: bigint | null): bigint {
  if (netWorthCents === null || netWorthCents <= 0n) return WARNING_THRESHOLD_FLOOR_CENTS;
  const share = (netWorthCents * WARNING_THRESHOLD_PERCENT) / 100n;
  return share > WARNING_THRESHOLD_FLOOR_CENTS ? share : WARNING_THRESHOLD_FLOOR_CENTS;
}

/** An investment strictly above the threshold needs the explicit acknowledgement (Art. 21(7)). */
export function needsAcknowledgement(amountCents: bigint, thresholdCents: bigint): boolean {
  return amountCents > thresholdCents;
}

/** Art. 22(2): the end of the reflection period, 96 hours of business time after the investment. */
export function revocableUntil(investedAt: Date): Date {
  return new Date(investedAt.getTime() + REFLECTION_HOURS * 3_600_000);
}

/** Revocable while the business time is strictly before the period's end (at exactly 96:00 it is over). */
export function isRevocable(until: Date | null, businessNow: Date): boolean {
  return until !== null && businessNow.getTime() < until.getTime();
}
