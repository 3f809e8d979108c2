import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type ApiClient } from '../../src-shared/api/http';
import { STATISTICS_TTL_MS, type Statistics } from '../../src-shared/contracts/statistics';

/**
 * GET /api/statistics (anyone): the platform's figures for the /statistics page. Public
 * (`meta.public`: kept when the user logs out) and fresh for as long as the server keeps them.
 */
export const statisticsKeys = { all: ['statistics'] as const };

/** `client`: the server's render passes its own (src-public/entry-server.tsx). */
export function statisticsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: statisticsKeys.all,
    meta: { public: true },
    staleTime: STATISTICS_TTL_MS,
    queryFn: async (): Promise<Statistics> => (await call(client.GET('/api/statistics'))).data,
  });
}

export function useStatistics() {
  return useQuery(statisticsQuery());
}
