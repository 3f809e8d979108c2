import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type ApiClient } from '../../src-shared/api/http';
import type { InvestBody, VentureView, VentureListQuery } from '../../src-shared/api/types';
import { balanceKeys } from '../auth/session/api';
import { investmentKeys } from '../investor/api';
import { VENTURE_CACHE_MS, filtersToApiQuery, type VentureFilters } from './filters';

/**
 * The ventures' calls (GET /api/ventures, GET /api/ventures/id/{ventureId}, POST /api/investments)
 * and their query keys. Every cached venture list (the ventures page per filter combination and the
 * home teaser) lives under `ventureKeys.lists`, so Reset Filters can drop them all at once. Venture
 * queries are public (`meta.public`): they stay cached when the user logs out.
 */
export const ventureKeys = {
  all: ['ventures'] as const,
  lists: ['ventures', 'list'] as const,
  list: (query: VentureListQuery) => [...ventureKeys.lists, query] as const,
  teaser: () => [...ventureKeys.lists, 'teaser'] as const,
  detail: (id: string) => [...ventureKeys.all, 'detail', id] as const,
};

const PUBLIC = { public: true };

/** Spec 2.3 and 7: the 3 newest public ventures. */
export const TEASER_QUERY = { limit: 3, sortBy: 'createdAt', order: 'desc' } as const;

/** Spec 8: failures of the ventures list and the home teaser are only logged. The query still fails
 * (so nothing wrong is cached for 5 minutes); the screens show an empty list without a message. */
function logged<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      console.warn(`Could not load ${what}`, error);
      throw error;
    }
  };
}

/** The home teaser: the 3 newest ventures (spec 2.3), cached 5 minutes. `client`: the server's
 * render passes its own (src-public/entry-server.tsx), so the cache it embeds has the same keys. */
export function ventureTeaserQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: ventureKeys.teaser(),
    meta: PUBLIC,
    staleTime: VENTURE_CACHE_MS,
    gcTime: VENTURE_CACHE_MS,
    queryFn: logged('the newest ventures', async (): Promise<VentureView[]> => {
      const response = await call(client.GET('/api/ventures', { params: { query: { ...TEASER_QUERY } } }));
      return Array.isArray(response?.data) ? response.data : [];
    }),
  });
}

export function useVentureTeaser() {
  return useQuery(ventureTeaserQuery());
}

export interface VentureListPage {
  data: VentureView[];
  total: number;
  totalPages: number;
}

/** One page of the ventures list for a filter combination, cached 5 minutes per combination. */
export function ventureListQuery(filters: VentureFilters, client: ApiClient = api) {
  const query = filtersToApiQuery(filters);
  return queryOptions({
    queryKey: ventureKeys.list(query),
    meta: PUBLIC,
    staleTime: VENTURE_CACHE_MS,
    gcTime: VENTURE_CACHE_MS,
    // While the next page or filter loads, the previous cards stay (dimmed) instead of flashing empty.
    placeholderData: keepPreviousData,
    queryFn: logged('ventures', async (): Promise<VentureListPage> => {
      const response = await call(client.GET('/api/ventures', { params: { query } }));
      const data = Array.isArray(response?.data) ? response.data : [];
      const total = Number(response?.pagination?.total);
      const totalPages = Number(response?.pagination?.totalPages);
      return {
        data,
        total: Number.isFinite(total) && total >= 0 ? total : data.length,
        totalPages: Number.isFinite(totalPages) && totalPages > 0 ? Math.floor(totalPages) : 1,
      };
    }),
  });
}

export function useVentureList(filters: VentureFilters) {
  return useQuery(ventureListQuery(filters));
}

/** GET /api/ventures/id/{ventureId}: the venture, null when the answer holds none. A 404 rejects
 * with an ApiError of status 404. */
export function ventureQuery(ventureId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ventureKeys.detail(ventureId),
    meta: PUBLIC,
    queryFn: async (): Promise<VentureView | null> => {
      const response = await call(
        client.GET('/api/ventures/id/{ventureId}', { params: { path: { ventureId } } }),
      );
      const venture = response?.data;
      return venture && typeof venture === 'object' ? venture : null;
    },
    staleTime: VENTURE_CACHE_MS,
    enabled: ventureId !== '',
  });
}

export function useVenture(ventureId: string) {
  return useQuery(ventureQuery(ventureId));
}

/**
 * POST /api/investments with an Idempotency-Key. Settled either way, it refreshes what the server
 * went by: the ventures, the header balance and the investor's investments.
 */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: InvestBody; idempotencyKey: string }) =>
      call(api.POST('/api/investments', { body, headers: { 'Idempotency-Key': idempotencyKey } })),
    onSettled: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ventureKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: investmentKeys.all }),
      ]);
    },
  });
}
