import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../src-shared/api/http';

/** Server state cache: no refetch on focus, no retry of 4xx answers (spec 7: lists cached 5 min). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
