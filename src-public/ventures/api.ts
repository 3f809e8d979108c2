import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../src-shared/api/client';
import type { Venture, VentureListResponse } from './types';
import { VENTURE_CACHE_MS, filtersToApiQuery, type VentureFilters } from './filters';

/**
 * Query keys. Every cached venture list (the ventures page per filter combination and the home
 * teaser) lives under `venturesKeys.lists`, so Reset Filters can drop them all at once.
 */
export const venturesKeys = {
  all: ['ventures'] as const,
  lists: ['ventures', 'list'] as const,
  teaser: ['ventures', 'list', 'teaser'] as const,
  list: (query: Record<string, string | number>) => ['ventures', 'list', query] as const,
  detail: (id: string) => ['ventures', 'detail', id] as const,
};

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

/** The home teaser: the 3 newest ventures (spec 2.3), cached 5 minutes. */
export function teaserQuery() {
  return {
    queryKey: venturesKeys.teaser,
    staleTime: VENTURE_CACHE_MS,
    gcTime: VENTURE_CACHE_MS,
    queryFn: logged('the newest ventures', async (): Promise<Venture[]> => {
      const response = await api.get<VentureListResponse>('/ventures', { query: { ...TEASER_QUERY } });
      return Array.isArray(response?.data) ? response.data : [];
    }),
  };
}

export interface VentureListPage {
  data: Venture[];
  total: number;
  totalPages: number;
}

/** One page of the ventures list for a filter combination, cached 5 minutes per combination. */
export function venturesListQuery(filters: VentureFilters) {
  const query = filtersToApiQuery(filters);
  return {
    queryKey: venturesKeys.list(query),
    staleTime: VENTURE_CACHE_MS,
    gcTime: VENTURE_CACHE_MS,
    // While the next page or filter loads, the previous cards stay (dimmed) instead of flashing empty.
    placeholderData: keepPreviousData,
    queryFn: logged('ventures', async (): Promise<VentureListPage> => {
      const response = await api.get<VentureListResponse>('/ventures', { query });
      const data = Array.isArray(response?.data) ? response.data : [];
      const total = Number(response?.pagination?.total);
      const totalPages = Number(response?.pagination?.totalPages);
      return {
        data,
        total: Number.isFinite(total) && total >= 0 ? total : data.length,
        totalPages: Number.isFinite(totalPages) && totalPages > 0 ? Math.floor(totalPages) : 1,
      };
    }),
  };
}

/** GET /api/ventures/id/{id}: the venture from `data` (some older answers carry it at the top level),
 * null when the answer holds none. A 404 rejects with an ApiError of status 404. */
export async function fetchVenture(id: string): Promise<Venture | null> {
  const response = await api.get<{ data?: Venture | null } | Venture | null>(
    `/ventures/id/${encodeURIComponent(id)}`,
  );
  if (!response || typeof response !== 'object') return null;
  if ('data' in response) return response.data && typeof response.data === 'object' ? response.data : null;
  return '_id' in response ? response : null;
}
