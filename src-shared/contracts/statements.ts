/**
 * Statements (API contract, "Statements"; issue 28): the investor's annual statement (PDF, CSV), the
 * transactions of a date range (CSV, investors and companies), the investments list (CSV) and the
 * years that have activity. Amounts in euros; dates 'YYYY-MM-DD' in UTC (decision 0164).
 */
import { z } from 'zod';

export { daysIn, MAX_RANGE_YEARS, rangeProblem } from '../rules/statements';

/** The earliest year a statement can be asked for. */
export const FIRST_STATEMENT_YEAR = 2000;

const isoDay = (code: string) =>
  z
    .string({ error: code })
    .trim()
    .refine((v) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!match) return false;
      const date = new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!));
      return date.toISOString().slice(0, 10) === v;
    }, code)
    .meta({ type: 'string', format: 'date', description: 'A day, YYYY-MM-DD (UTC)' });

export const annualStatementQuerySchema = z.object({
  year: z
    .string({ error: 'statements.year_invalid' })
    .trim()
    .regex(/^\d{4}$/, 'statements.year_invalid')
    .transform(Number)
    .meta({ type: 'string', description: 'The calendar year, YYYY' }),
  format: z.enum(['pdf', 'csv'], { error: 'statements.format_invalid' }),
  /** The PDF's language; the investor's profile language by default. */
  lang: z.enum(['en', 'de', 'es', 'fr'], { error: 'statements.language_invalid' }).optional(),
});
export type AnnualStatementQuery = z.infer<typeof annualStatementQuerySchema>;

export const transactionsQuerySchema = z.object({
  from: isoDay('statements.date_invalid'),
  to: isoDay('statements.date_invalid'),
  format: z.enum(['csv'], { error: 'statements.format_invalid' }),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const investmentsExportQuerySchema = z.object({
  format: z.enum(['csv'], { error: 'statements.format_invalid' }),
});

/** GET /api/statements/years: the years with activity, newest first, and the first day with any. */
export const statementYearsSchema = z.object({
  data: z.object({
    years: z.array(z.number().int()),
    firstDay: z.string().nullable(),
    /** The business date (the screens end the transactions range there by default). */
    today: z.string(),
  }),
});
export type StatementYears = z.infer<typeof statementYearsSchema>['data'];
