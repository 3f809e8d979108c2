import type { LoanStatus } from '../../../src-shared/constants/enums';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import { allocatePayment, type InstallmentBalance } from '../../../src-shared/rules/schedule';

/** The admin's calls on a running loan. */
export type LoanAction = 'payment' | 'default' | 'recovery' | 'writeOff';

export const LOAN_ACTIONS: readonly LoanAction[] = ['payment', 'default', 'recovery', 'writeOff'];

const CLOSED: readonly LoanStatus[] = ['repaid', 'written_off'];

/**
 * Which actions a loan's status allows, as the server decides (src-server/modules/servicing/actions.ts
 * and loans.ts answer 409 otherwise): a payment and a write-off while the loan is not closed (repaid,
 * written off); a declared default only before it is in default or recovery; a recovery only once it
 * is in default or recovery.
 */
export function loanActionsFor(status: LoanStatus): LoanAction[] {
  if (CLOSED.includes(status)) return [];
  const inDefault = status === 'default' || status === 'recovery';
  return LOAN_ACTIONS.filter((action) => {
    if (action === 'default') return !inDefault;
    if (action === 'recovery') return inDefault;
    return true;
  });
}

/** An instalment of the schedule as the API gives it (euros). */
export interface InstallmentEuros {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  lateInterest: number;
  paidPrincipal: number;
  paidInterest: number;
  paidLateInterest: number;
}

const cents = (euros: number) => eurosToCents(euros) ?? 0n;

function balanceOf(row: InstallmentEuros): InstallmentBalance {
  return {
    number: row.number,
    principalCents: cents(row.principal),
    interestCents: cents(row.interest),
    lateInterestCents: cents(row.lateInterest),
    paidPrincipalCents: cents(row.paidPrincipal),
    paidInterestCents: cents(row.paidInterest),
    paidLateInterestCents: cents(row.paidLateInterest),
  };
}

/** What a payment of `amount` euros settles, as the server allocates it (oldest first). */
export interface PaymentPreview {
  lateInterest: number;
  interest: number;
  principal: number;
  /** The instalments the payment pays in full, oldest first. */
  settled: { number: number; dueDate: string }[];
  /** The instalment it pays in part, if any. */
  partly: { number: number; dueDate: string } | null;
}

/**
 * The allocation of a payment over the schedule (src-shared/rules/schedule.ts, the server's own
 * arithmetic): late interest, interest, then principal of the oldest unpaid instalment first. Null
 * when the amount is not above 0 or above what is owed (the server answers 400).
 */
export function previewPayment(
  installments: readonly InstallmentEuros[],
  amount: number,
): PaymentPreview | null {
  const rows = installments.map(balanceOf);
  const allocation = allocatePayment(rows, cents(amount));
  if (allocation === null) return null;
  const total = { late: 0n, interest: 0n, principal: 0n };
  const settled: PaymentPreview['settled'] = [];
  let partly: PaymentPreview['partly'] = null;
  for (const part of allocation) {
    total.late += part.lateInterestCents;
    total.interest += part.interestCents;
    total.principal += part.principalCents;
    const row = rows.find((r) => r.number === part.number)!;
    const source = installments.find((r) => r.number === part.number)!;
    const left =
      row.principalCents -
      row.paidPrincipalCents -
      part.principalCents +
      (row.interestCents - row.paidInterestCents - part.interestCents) +
      (row.lateInterestCents - row.paidLateInterestCents - part.lateInterestCents);
    if (left === 0n) settled.push({ number: source.number, dueDate: source.dueDate });
    else partly = { number: source.number, dueDate: source.dueDate };
  }
  return {
    lateInterest: centsToEuros(total.late),
    interest: centsToEuros(total.interest),
    principal: centsToEuros(total.principal),
    settled,
    partly,
  };
}

/** Amount less costs, to the cent (a recovery's net to the investors). */
export function netOf(amount: number, costs: number): number {
  return centsToEuros(cents(amount) - cents(costs));
}

/** A business date ('YYYY-MM-DD') in the admin's language, the same day in every time zone. */
export function formatDay(iso: string | null | undefined, locale: string): string {
  if (!iso) return '-';
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
