/**
 * The company's side of loan servicing, as arithmetic the screens show (issue 24): the schedule a
 * venture's terms would make (the form's preview) and what a payment would settle (the pay dialog's
 * review). Both are the server's own rules (src-shared/rules/schedule.ts), in cents; euros only at
 * the edges.
 */
import type { Installment } from '../../../src-shared/contracts/servicing';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import {
  allocatePayment,
  buildSchedule,
  owedCents,
  scheduleTermsProblem,
  type InstallmentBalance,
  type RepaymentFrequency,
  type RepaymentType,
} from '../../../src-shared/rules/schedule';
import { MAX_INVESTMENT_PERIOD_MONTHS } from '../../../src-shared/rules/venture';

export const REPAYMENT_DEFAULTS = {
  repaymentType: 'bullet',
  repaymentFrequency: 'monthly',
  gracePeriods: 0,
} as const;

export interface PreviewRow {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  total: number;
}

export interface SchedulePreview {
  /** The date the preview assumes the loan starts on ('YYYY-MM-DD'). */
  disbursedOn: string;
  principal: number;
  count: number;
  rows: PreviewRow[];
  totalInterest: number;
  totalRepaid: number;
  /** The largest single payment (what the company must be ready to pay at once). */
  largestPayment: number;
}

const REPAYMENT_TYPES: readonly string[] = ['bullet', 'annuity', 'equal_principal'];
const FREQUENCIES: readonly string[] = ['monthly', 'quarterly'];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A form value ('12', 12, '', null) as a number, or null. */
function numberOf(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The schedule the form's terms would make if the whole target were raised and the loan started on
 * the closing date (else `today`): null while the terms cannot make one (blank, out of range, a
 * quarterly period that is not whole months of 3, too many grace periods; the fields say why).
 */
export function previewSchedule(
  values: Record<string, unknown>,
  today: Date = new Date(),
): SchedulePreview | null {
  const principalCents = eurosToCents(numberOf(values.targetAmount) ?? undefined);
  const rate = numberOf(values.expectedReturn);
  const months = numberOf(values.investmentPeriod);
  const type = String(values.repaymentType ?? REPAYMENT_DEFAULTS.repaymentType);
  const frequency = String(values.repaymentFrequency ?? REPAYMENT_DEFAULTS.repaymentFrequency);
  const grace = numberOf(values.gracePeriods) ?? 0;
  if (principalCents === null || principalCents <= 0n || rate === null || months === null) return null;
  if (!(rate > 0 && rate <= 100) || !REPAYMENT_TYPES.includes(type) || !FREQUENCIES.includes(frequency))
    return null;
  if (!Number.isInteger(months) || months < 1 || months > MAX_INVESTMENT_PERIOD_MONTHS) return null;
  const rateCents = eurosToCents(rate);
  if (rateCents === null) return null;
  const terms = { months, frequency: frequency as RepaymentFrequency, gracePeriods: grace };
  if (scheduleTermsProblem(terms) !== null) return null;
  const closing = values.closingDate ? new Date(String(values.closingDate)) : null;
  const disbursedOn = isoDay(closing && !Number.isNaN(closing.getTime()) ? closing : today);
  let schedule;
  try {
    schedule = buildSchedule({
      ...terms,
      principalCents,
      rateHundredths: rateCents,
      type: type as RepaymentType,
      disbursedOn,
    });
  } catch {
    return null;
  }
  let interest = 0n;
  let largest = 0n;
  const rows = schedule.map((row) => {
    interest += row.interestCents;
    const total = row.principalCents + row.interestCents;
    if (total > largest) largest = total;
    return {
      number: row.number,
      dueDate: row.dueDate,
      principal: centsToEuros(row.principalCents),
      interest: centsToEuros(row.interestCents),
      total: centsToEuros(total),
    };
  });
  return {
    disbursedOn,
    principal: centsToEuros(principalCents),
    count: rows.length,
    rows,
    totalInterest: centsToEuros(interest),
    totalRepaid: centsToEuros(principalCents + interest),
    largestPayment: centsToEuros(largest),
  };
}

const cents = (euros: number) => eurosToCents(euros) ?? BigInt(Math.round(euros * 100));

function balances(installments: readonly Installment[]): InstallmentBalance[] {
  return installments.map((i) => ({
    number: i.number,
    principalCents: cents(i.principal),
    interestCents: cents(i.interest),
    lateInterestCents: cents(i.lateInterest),
    paidPrincipalCents: cents(i.paidPrincipal),
    paidInterestCents: cents(i.paidInterest),
    paidLateInterestCents: cents(i.paidLateInterest),
  }));
}

export interface SettledInstallment {
  number: number;
  dueDate: string;
  lateInterest: number;
  interest: number;
  principal: number;
  /** True when the payment settles what is left of the instalment. */
  settles: boolean;
}

export interface PaymentReview {
  installments: SettledInstallment[];
  lateInterest: number;
  interest: number;
  principal: number;
}

/** Everything still owed on the schedule, euros. */
export function owedOf(installments: readonly Installment[]): number {
  return centsToEuros(owedCents(balances(installments)));
}

/**
 * What a payment of `amount` euros would settle (allocatePayment: oldest instalment first, late
 * interest, then interest, then principal), or null when it is not more than 0, has more than two
 * decimals, or is more than what is owed.
 */
export function reviewPayment(installments: readonly Installment[], amount: number): PaymentReview | null {
  const amountCents = eurosToCents(amount);
  if (amountCents === null) return null;
  const rows = balances(installments);
  const allocation = allocatePayment(rows, amountCents);
  if (allocation === null) return null;
  let late = 0n;
  let interest = 0n;
  let principal = 0n;
  const settled = allocation.map((part) => {
    const row = rows.find((r) => r.number === part.number)!;
    const source = installments.find((i) => i.number === part.number)!;
    late += part.lateInterestCents;
    interest += part.interestCents;
    principal += part.principalCents;
    const left =
      row.principalCents -
      row.paidPrincipalCents -
      part.principalCents +
      (row.interestCents - row.paidInterestCents - part.interestCents) +
      (row.lateInterestCents - row.paidLateInterestCents - part.lateInterestCents);
    return {
      number: part.number,
      dueDate: source.dueDate,
      lateInterest: centsToEuros(part.lateInterestCents),
      interest: centsToEuros(part.interestCents),
      principal: centsToEuros(part.principalCents),
      settles: left === 0n,
    };
  });
  return {
    installments: settled,
    lateInterest: centsToEuros(late),
    interest: centsToEuros(interest),
    principal: centsToEuros(principal),
  };
}

/** A business date ('YYYY-MM-DD') in the reader's language, never shifted by the time zone. */
export function formatBusinessDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '-';
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** How loudly the venture page warns: late (warning), in default or beyond (error), else not at all. */
export function loanSeverity(status: string): 'warning' | 'error' | null {
  if (status.startsWith('late_')) return 'warning';
  if (status === 'default' || status === 'recovery' || status === 'written_off') return 'error';
  return null;
}
