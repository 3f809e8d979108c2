/**
 * Loan servicing arithmetic (API contract, "Loan servicing"): the repayment schedule fixed when a
 * venture's loan is disbursed, the allocation of a payment over its instalments, the split of a
 * payment over the investors, late interest and the loan status from the days past due.
 *
 * Pure: no clock (dates are business dates passed in as 'YYYY-MM-DD'), no floating point on money
 * (bigint cents; the annuity payment is an exact fraction of bigints, rounded once).
 */
import { splitProRata } from './repayment';
import { MAX_INVESTMENT_PERIOD_MONTHS } from './venture';

export type RepaymentType = 'bullet' | 'annuity' | 'equal_principal';
export type RepaymentFrequency = 'monthly' | 'quarterly';

export interface ScheduleTerms {
  /** The loan, cents; more than 0. */
  principalCents: bigint;
  /** Annual rate in hundredths of a percent (12.5 % -> 1250n); the venture's expectedReturn. More than 0. */
  rateHundredths: bigint;
  /** investmentPeriod, 1..360, a multiple of 3 when quarterly. */
  months: number;
  type: RepaymentType;
  frequency: RepaymentFrequency;
  /** Interest-only periods at the start; 0 <= gracePeriods < number of instalments. */
  gracePeriods: number;
  /** 'YYYY-MM-DD', the business date of the disbursement. */
  disbursedOn: string;
}

export interface ScheduledInstallment {
  /** 1, 2, … */
  number: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  principalCents: bigint;
  interestCents: bigint;
}

// ---------------------------------------------------------------------------------------------
// Integer helpers

/** round-half-up(n / d) for n >= 0 and d > 0. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A year's rate in hundredths of a percent is a fraction of 12 months x 10000. */
const YEAR_DENOMINATOR = 12n * 10_000n;

// ---------------------------------------------------------------------------------------------
// Business dates ('YYYY-MM-DD', proleptic Gregorian, years 0000..9999), whole-day integer arithmetic.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${String(iso)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new RangeError(`not a calendar date: ${iso}`);
  return { year, month, day };
}

function formatIsoDate(year: number, month: number, day: number): string {
  if (year < 0 || year > 9999) throw new RangeError(`year out of range: ${year}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date `days` days after 1970-01-01 (Howard Hinnant's civil_from_days). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function requireInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number`);
}

/**
 * `months` calendar months after `isoDate`, the day clamped to the end of a shorter month:
 * 2027-01-31 + 1 -> 2027-02-28, 2028-01-31 + 1 -> 2028-02-29, 2027-01-31 + 2 -> 2027-03-31.
 * Due dates are always counted from the start date (k x months-per-period), never chained, so a
 * clamp in February does not carry over to March.
 */
export function addMonthsClamped(isoDate: string, months: number): string {
  requireInteger(months, 'months');
  const { year, month, day } = parseIsoDate(isoDate);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  return formatIsoDate(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

/** Whole days from `fromIso` to `toIso` (negative when `toIso` is earlier); calendar days, as in UTC. */
export function daysBetween(fromIso: string, toIso: string): number {
  const from = parseIsoDate(fromIso);
  const to = parseIsoDate(toIso);
  return daysFromCivil(to.year, to.month, to.day) - daysFromCivil(from.year, from.month, from.day);
}

/** The date `days` days after `iso` (before it when negative). */
export function addDays(iso: string, days: number): string {
  requireInteger(days, 'days');
  const { year, month, day } = parseIsoDate(iso);
  const at = civilFromDays(daysFromCivil(year, month, day) + days);
  return formatIsoDate(at.year, at.month, at.day);
}

// ---------------------------------------------------------------------------------------------
// The schedule

export function monthsPerPeriod(f: RepaymentFrequency): 1 | 3 {
  if (f === 'monthly') return 1;
  if (f === 'quarterly') return 3;
  throw new RangeError(`unknown repayment frequency: ${String(f)}`);
}

/** The number of instalments: months / months-per-period; a RangeError when that is not a whole number >= 1. */
export function installmentCount(months: number, f: RepaymentFrequency): number {
  const mpp = monthsPerPeriod(f);
  if (!Number.isSafeInteger(months) || months < 1 || months % mpp !== 0)
    throw new RangeError(`${String(months)} months are not a whole number of ${f} periods`);
  return months / mpp;
}

/**
 * Why terms cannot make a schedule, or null:
 * - 'schedule.period_not_whole': the months are not a whole number (>= 1) of periods (quarterly
 *   with months not a multiple of 3; also months that are not a whole number >= 1);
 * - 'schedule.grace_too_long': gracePeriods is not a whole number, is negative, or is not less
 *   than the number of instalments (at least one instalment must repay principal).
 * The range of `months` itself (1..360) is the venture's own rule (venture.period_range).
 */
export function scheduleTermsProblem(
  t: Pick<ScheduleTerms, 'months' | 'frequency' | 'gracePeriods'>,
): string | null {
  const mpp = monthsPerPeriod(t.frequency);
  if (!Number.isSafeInteger(t.months) || t.months < 1 || t.months % mpp !== 0)
    return 'schedule.period_not_whole';
  const count = t.months / mpp;
  if (!Number.isSafeInteger(t.gracePeriods) || t.gracePeriods < 0 || t.gracePeriods >= count)
    return 'schedule.grace_too_long';
  return null;
}

/** Interest of one period: round-half-up(outstanding x rate x months-per-period / (12 x 10000)). */
function periodInterest(outstanding: bigint, rateHundredths: bigint, mpp: number): bigint {
  return roundHalfUp(outstanding * rateHundredths * BigInt(mpp), YEAR_DENOMINATOR);
}

/**
 * The annuity's constant payment over `periods` periods, rounded half up to the cent, exactly:
 * with r = a / b (a = rate x months-per-period, b = 12 x 10000),
 * P·r / (1 − (1+r)^−m) = P·a·(a+b)^m / (b·((a+b)^m − b^m)), one fraction of bigints.
 */
export function annuityPaymentCents(
  principalCents: bigint,
  rateHundredths: bigint,
  frequency: RepaymentFrequency,
  periods: number,
): bigint {
  if (principalCents < 0n) throw new RangeError('principal must not be negative');
  if (rateHundredths <= 0n) throw new RangeError('rate must be more than 0');
  if (!Number.isSafeInteger(periods) || periods < 1)
    throw new RangeError('periods must be a whole number >= 1');
  const a = rateHundredths * BigInt(monthsPerPeriod(frequency));
  const b = YEAR_DENOMINATOR;
  const grown = (a + b) ** BigInt(periods);
  const numerator = principalCents * a * grown;
  const denominator = b * (grown - b ** BigInt(periods));
  return roundHalfUp(numerator, denominator);
}

function checkTerms(t: ScheduleTerms): void {
  if (typeof t.principalCents !== 'bigint' || t.principalCents <= 0n)
    throw new RangeError('principal must be more than 0 cents');
  if (typeof t.rateHundredths !== 'bigint' || t.rateHundredths <= 0n)
    throw new RangeError('rate must be more than 0');
  if (!Number.isSafeInteger(t.months) || t.months < 1 || t.months > MAX_INVESTMENT_PERIOD_MONTHS)
    throw new RangeError(`months must be a whole number from 1 to ${MAX_INVESTMENT_PERIOD_MONTHS}`);
  if (t.type !== 'bullet' && t.type !== 'annuity' && t.type !== 'equal_principal')
    throw new RangeError(`unknown repayment type: ${String(t.type)}`);
  const problem = scheduleTermsProblem(t);
  if (problem) throw new RangeError(problem);
  parseIsoDate(t.disbursedOn);
}

/**
 * The repayment schedule (API contract, "Loan servicing"). Instalment k (1..n) is due
 * addMonthsClamped(disbursedOn, k x months-per-period). The interest of a period is
 * round-half-up(outstanding x rate x months-per-period / (12 x 10000)) on the principal still
 * outstanding before it. The first `gracePeriods` instalments are interest only; then:
 *
 * - `bullet`: interest only, all principal in the last instalment (grace changes nothing). The last
 *   instalment's interest is round-half-up(P x rate x months / (12 x 10000)) minus the interest of
 *   the earlier ones, so the schedule's interest is the simple-interest formula exactly. When the
 *   earlier periods' rounding half up would add up to more than that total (per-period interest of
 *   a few cents with its fraction >= 0.5, over many periods: 0.60 € at 10 % over 120 months), the
 *   earlier periods round down instead, so that no interest is negative.
 * - `annuity`: over the m = n − g amortising periods a constant payment PMT (annuityPaymentCents);
 *   each period's principal is PMT minus its interest; the last instalment takes all the principal
 *   left (the rounding rest) with its own interest. Rounding the payment to the cent compounds over
 *   the periods; where that would repay the loan before the last instalment (payments of a few
 *   cents, or very long terms at very high rates), the instalment that reaches zero takes only
 *   what is left and the later ones owe nothing before the last (0 principal, 0 interest).
 * - `equal_principal`: principal floor(P / m) in each amortising period, the rest in the last.
 *
 * A RangeError on terms that cannot make a schedule (see scheduleTermsProblem; principal or rate
 * not more than 0; months outside 1..360; a date that is not 'YYYY-MM-DD').
 */
export function buildSchedule(t: ScheduleTerms): ScheduledInstallment[] {
  checkTerms(t);
  const mpp = monthsPerPeriod(t.frequency);
  const count = t.months / mpp;
  const grace = t.gracePeriods;
  const amortising = count - grace;
  const P = t.principalCents;
  const rate = t.rateHundredths;
  const dueDate = (k: number) => addMonthsClamped(t.disbursedOn, k * mpp);
  const rows: ScheduledInstallment[] = [];

  if (t.type === 'bullet') {
    const each = periodInterest(P, rate, mpp);
    const total = roundHalfUp(P * rate * BigInt(t.months), YEAR_DENOMINATOR);
    const earlier = each * BigInt(count - 1) <= total ? each : (P * rate * BigInt(mpp)) / YEAR_DENOMINATOR;
    for (let k = 1; k < count; k += 1)
      rows.push({ number: k, dueDate: dueDate(k), principalCents: 0n, interestCents: earlier });
    rows.push({
      number: count,
      dueDate: dueDate(count),
      principalCents: P,
      interestCents: total - earlier * BigInt(count - 1),
    });
    return rows;
  }

  const payment = t.type === 'annuity' ? annuityPaymentCents(P, rate, t.frequency, amortising) : 0n;
  const equalPrincipal = P / BigInt(amortising);
  let outstanding = P;
  for (let k = 1; k <= count; k += 1) {
    const interest = periodInterest(outstanding, rate, mpp);
    let principal: bigint;
    if (k <= grace) principal = 0n;
    else if (k === count) principal = outstanding;
    else if (t.type === 'annuity') {
      // payment >= the interest on the full principal (PMT > P·r and rounding is monotone), so >= 0.
      principal = payment - interest;
      if (principal > outstanding) principal = outstanding;
    } else principal = equalPrincipal;
    rows.push({ number: k, dueDate: dueDate(k), principalCents: principal, interestCents: interest });
    outstanding -= principal;
  }
  return rows;
}

/** The schedule's interest, all instalments added up. */
export function scheduleInterestCents(s: readonly ScheduledInstallment[]): bigint {
  return s.reduce((sum, row) => sum + row.interestCents, 0n);
}

// ---------------------------------------------------------------------------------------------
// Payments

export interface InstallmentBalance {
  number: number;
  principalCents: bigint;
  interestCents: bigint;
  lateInterestCents: bigint;
  paidPrincipalCents: bigint;
  paidInterestCents: bigint;
  paidLateInterestCents: bigint;
}

export interface InstallmentAllocation {
  number: number;
  lateInterestCents: bigint;
  interestCents: bigint;
  principalCents: bigint;
}

/** What is still unpaid of an instalment, per part; a RangeError when more was paid than owed. */
function unpaid(row: InstallmentBalance): { late: bigint; interest: bigint; principal: bigint } {
  const late = row.lateInterestCents - row.paidLateInterestCents;
  const interest = row.interestCents - row.paidInterestCents;
  const principal = row.principalCents - row.paidPrincipalCents;
  if (late < 0n || interest < 0n || principal < 0n)
    throw new RangeError(`instalment ${row.number} has more paid than owed`);
  return { late, interest, principal };
}

/** Everything still unpaid in the schedule, late interest included. */
export function owedCents(rows: readonly InstallmentBalance[]): bigint {
  return rows.reduce((sum, row) => {
    const left = unpaid(row);
    return sum + left.late + left.interest + left.principal;
  }, 0n);
}

/**
 * Allocates a payment (API contract: oldest instalment first, inside one late interest, then
 * interest, then principal; a payment before a due date settles the oldest unpaid instalments
 * first, in full). null when the amount is not more than 0 or is more than what is owed (the
 * payment is refused and moves nothing); otherwise the allocation of each instalment it touches,
 * in number order, adding up to the amount exactly.
 */
export function allocatePayment(
  rows: readonly InstallmentBalance[],
  amountCents: bigint,
): InstallmentAllocation[] | null {
  if (amountCents <= 0n || amountCents > owedCents(rows)) return null;
  const ordered = [...rows].sort((x, y) => x.number - y.number);
  const allocations: InstallmentAllocation[] = [];
  let left = amountCents;
  for (const row of ordered) {
    if (left === 0n) break;
    const due = unpaid(row);
    const late = due.late < left ? due.late : left;
    left -= late;
    const interest = due.interest < left ? due.interest : left;
    left -= interest;
    const principal = due.principal < left ? due.principal : left;
    left -= principal;
    if (late + interest + principal > 0n)
      allocations.push({
        number: row.number,
        lateInterestCents: late,
        interestCents: interest,
        principalCents: principal,
      });
  }
  return allocations;
}

// ---------------------------------------------------------------------------------------------
// Investors

export interface Distribution {
  principal: bigint[];
  interest: bigint[];
  lateInterest: bigint[];
  fee: bigint[];
  credit: bigint[];
}

/**
 * Splits each part of a payment over investors in proportion to `weights` (their principal) with
 * splitProRata (largest remainder, to the cent); fee_i = round-half-up(feeHundredths x (interest_i +
 * lateInterest_i) / 10000) where feeHundredths is SERVICE_FEE_RATE in hundredths of a percent
 * (1 % -> 100n); credit_i = principal_i + interest_i + lateInterest_i − fee_i.
 * Sum(credit) + Sum(fee) = principal + interest + lateInterest exactly. O(n log n).
 */
export function distributePayment(
  parts: { principalCents: bigint; interestCents: bigint; lateInterestCents: bigint },
  weights: readonly bigint[],
  feeHundredths: bigint,
): Distribution {
  if (parts.principalCents < 0n || parts.interestCents < 0n || parts.lateInterestCents < 0n)
    throw new RangeError('payment parts must not be negative');
  if (feeHundredths < 0n || feeHundredths > 10_000n) throw new RangeError('fee rate must be 0..100 %');
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const principal = splitProRata(parts.principalCents, weights);
  const interest = splitProRata(parts.interestCents, weights);
  const lateInterest = splitProRata(parts.lateInterestCents, weights);
  const fee = interest.map((x, i) => roundHalfUp(feeHundredths * (x + lateInterest[i]!), 10_000n));
  const credit = principal.map((p, i) => p + interest[i]! + lateInterest[i]! - fee[i]!);
  return { principal, interest, lateInterest, fee, credit };
}

/** Late interest of one day on unpaid principal: round-half-up(unpaid x rateHundredths / (365 x 10000)). */
export function dailyLateInterestCents(unpaidPrincipalCents: bigint, rateHundredths: bigint): bigint {
  if (unpaidPrincipalCents < 0n || rateHundredths < 0n) throw new RangeError('must not be negative');
  return roundHalfUp(unpaidPrincipalCents * rateHundredths, 365n * 10_000n);
}

export type LoanBucket = 'current' | 'late_1_15' | 'late_16_30' | 'late_31_60' | 'late_61_90' | 'default';

/**
 * The contract's loanStatus from the oldest unpaid instalment's days past due: each bucket from
 * `fromDays` to `toDays` inclusive (`toDays` null: no end). `default` here is "over 90 days"; a
 * declared default, `recovery`, `repaid` and `written_off` are not a matter of days.
 */
export const LOAN_BUCKETS: readonly { status: LoanBucket; fromDays: number; toDays: number | null }[] = [
  { status: 'current', fromDays: 0, toDays: 0 },
  { status: 'late_1_15', fromDays: 1, toDays: 15 },
  { status: 'late_16_30', fromDays: 16, toDays: 30 },
  { status: 'late_31_60', fromDays: 31, toDays: 60 },
  { status: 'late_61_90', fromDays: 61, toDays: 90 },
  { status: 'default', fromDays: 91, toDays: null },
];

/** The loanStatus for `days` past due (0 or less: current; over 90: default). */
export function loanStatusForDaysLate(days: number): LoanBucket {
  requireInteger(days, 'days');
  for (const bucket of LOAN_BUCKETS)
    if (bucket.toDays === null || days <= bucket.toDays) return bucket.status;
  return 'default';
}
