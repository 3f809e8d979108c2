import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { JsonBody } from '../../../src-shared/api/types';

/** GET /api/statements/years: the years with activity (newest first), the first day with any, the business date. */
export type StatementYears = JsonBody<'/api/statements/years'>['data'];

export function useStatementYears() {
  return useQuery({
    queryKey: ['statements', 'years'],
    queryFn: async (): Promise<StatementYears> => (await call(api.GET('/api/statements/years'))).data,
  });
}

/** The download addresses (plain links: the browser sends the session cookie and saves the attachment). */
export const statementUrls = {
  annual: (year: number, format: 'pdf' | 'csv', lang: string) =>
    `/api/statements/annual?year=${year}&format=${format}${format === 'pdf' ? `&lang=${encodeURIComponent(lang)}` : ''}`,
  transactions: (from: string, to: string) =>
    `/api/statements/transactions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`,
  investments: () => '/api/statements/investments?format=csv',
};

export { daysIn, rangeProblem } from '../../../src-shared/rules/statements';
