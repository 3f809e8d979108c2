/**
 * The statements' CSV files (decision 0165): UTF-8 with a byte-order mark (spreadsheet programs then
 * read the accents right), a header row, comma-separated, CRLF line ends (RFC 4180), ISO dates,
 * amounts in euros with a dot and two decimals and no thousands separator, English column names.
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe (OWASP "CSV injection"); amounts are numbers and keep their minus sign.
 */
import type { MyInvestment } from '../../../src-shared/contracts/servicing';
import { STATEMENT_COLUMNS, type AnnualStatement, type Figures, type TransactionRow } from './service';

/** Signed cents as euros with a dot: -1234567n -> '-12345.67'. */
export function decimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const euros = (value: number) => decimal(BigInt(Math.round(value * 100)));

function text(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function file(header: string[], rows: string[][]): Buffer {
  const lines = [header, ...rows].map((r) => r.join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const SNAKE: Record<(typeof STATEMENT_COLUMNS)[number], string> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  invested: 'invested',
  refunded: 'refunded',
  principal: 'principal_received',
  interest: 'interest_received',
  lateInterest: 'late_interest_received',
  fees: 'service_fees',
  recovered: 'recovered',
  other: 'other',
};

export const ANNUAL_HEADER = [
  'section',
  'year',
  'venture_id',
  'venture',
  'opening_balance',
  ...STATEMENT_COLUMNS.map((c) => SNAKE[c]),
  'written_off',
  'closing_balance',
];

const figures = (f: Figures) => [...STATEMENT_COLUMNS.map((c) => decimal(f[c])), decimal(f.writtenOff)];

/** One table: the `summary` row (the year's totals), then one `venture` row per venture (the annex). */
export function annualCsv(s: AnnualStatement): Buffer {
  const year = String(s.year);
  return file(ANNUAL_HEADER, [
    ['summary', year, '', '', decimal(s.openingCents), ...figures(s.totals), decimal(s.closingCents)],
    ...s.ventures.map((v) => ['venture', year, v.ventureId, text(v.title), '', ...figures(v.figures), '']),
  ]);
}

export const TRANSACTIONS_HEADER = [
  'date',
  'time_utc',
  'transaction_id',
  'kind',
  'description',
  'venture',
  'amount',
  'balance_after',
];

export function transactionsCsv(rows: TransactionRow[]): Buffer {
  return file(
    TRANSACTIONS_HEADER,
    rows.map((r) => {
      const iso = r.at.toISOString();
      return [
        iso.slice(0, 10),
        iso.slice(11, 19),
        r.transactionId,
        r.kind,
        text(r.note),
        text(r.venture),
        decimal(r.amountCents),
        decimal(r.balanceAfterCents),
      ];
    }),
  );
}

export const INVESTMENTS_HEADER = [
  'investment_id',
  'investment_date',
  'venture_id',
  'venture',
  'status',
  'amount',
  'total_expected_return',
  'received_principal',
  'received_interest',
  'received_late_interest',
  'service_fees',
  'written_off',
  'outstanding_principal',
  'loan_status',
  'days_late',
  'next_payment_date',
  'revocable_until',
];

export function investmentsCsv(rows: MyInvestment[]): Buffer {
  return file(
    INVESTMENTS_HEADER,
    rows.map((r) => [
      r._id,
      r.investmentDate.slice(0, 10),
      r.venture._id,
      text(r.venture.title),
      r.status,
      euros(r.amount),
      euros(r.totalExpectedReturn),
      euros(r.receivedPrincipal),
      euros(r.receivedInterest),
      euros(r.receivedLateInterest),
      euros(r.serviceFees),
      euros(r.writtenOff),
      euros(r.outstandingPrincipal),
      r.loanStatus ?? '',
      String(r.daysLate),
      r.nextPaymentDate ?? '',
      r.revocableUntil ? r.revocableUntil.slice(0, 10) : '',
    ]),
  );
}
