import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { JsonBody } from '../../../src-shared/api/types';
import type { AutoInvestBody, AutoInvestCriteria } from '../../../src-shared/contracts/autoInvest';

/** GET /api/auto-invest: the mandate (null before the first save) and its newest allocations. */
export type AutoInvestView = JsonBody<'/api/auto-invest'>;
export type Mandate = NonNullable<AutoInvestView['data']>;
export type Allocation = AutoInvestView['allocations'][number];
export type Disclosure = JsonBody<'/api/auto-invest/disclosure'>['data'];

/** The investor's auto-invest calls (API contract, "Auto-invest (Art. 6)"; decisions 0155-0162). */
export const autoInvestKeys = {
  all: ['auto-invest'] as const,
  view: () => [...autoInvestKeys.all, 'view'] as const,
  disclosure: () => [...autoInvestKeys.all, 'disclosure'] as const,
  matches: (query: Record<string, string>) => [...autoInvestKeys.all, 'matches', query] as const,
};

export function useAutoInvest() {
  return useQuery({
    queryKey: autoInvestKeys.view(),
    queryFn: async (): Promise<AutoInvestView> => await call(api.GET('/api/auto-invest')),
  });
}

export function useDisclosure() {
  return useQuery({
    queryKey: autoInvestKeys.disclosure(),
    queryFn: async (): Promise<Disclosure> => (await call(api.GET('/api/auto-invest/disclosure'))).data,
  });
}

/** The criteria as the match count's query string (lists comma separated; unset bounds left out). */
export function matchQuery(c: Partial<AutoInvestCriteria>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['minReturn', 'maxReturn', 'minPeriod', 'maxPeriod'] as const)
    if (c[key] != null) query[key] = String(c[key]);
  for (const key of ['riskLevels', 'ventureTypes', 'countries'] as const)
    if ((c[key]?.length ?? 0) > 0) query[key] = c[key]!.join(',');
  return query;
}

/** "N open ventures match today": asked again as the criteria change (kept while the next loads). */
export function useMatchCount(query: Record<string, string>) {
  return useQuery({
    queryKey: autoInvestKeys.matches(query),
    queryFn: async (): Promise<number> =>
      (await call(api.GET('/api/auto-invest/matches', { params: { query: query as never } }))).data.count,
    placeholderData: (previous) => previous,
  });
}

/** PUT /api/auto-invest; the answer replaces the cached mandate. */
export function useSaveMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AutoInvestBody): Promise<Mandate> =>
      (await call(api.PUT('/api/auto-invest', { body: body as never }))).data,
    onSuccess: (mandate) =>
      queryClient.setQueryData<AutoInvestView>(autoInvestKeys.view(), (old) => ({
        data: mandate,
        allocations: old?.allocations ?? [],
      })),
  });
}
