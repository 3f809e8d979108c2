import { QueryClient } from '@tanstack/react-query';

/**
 * react-admin's queries with one rule for retries: only a failure that may pass (no answer, or a
 * 5xx) is retried, twice. React Query's default (three retries with back-off for any error) kept the
 * login page waiting ~13 s while getIdentity failed for a signed-out visitor.
 */
export function createBackofficeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          const status = (error as { status?: unknown } | null)?.status;
          const transient = status === 0 || (typeof status === 'number' && status >= 500);
          return transient && failureCount < 2;
        },
        staleTime: 5_000,
      },
    },
  });
}
