import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, call } from '../../../src-shared/api/http';
import type { User } from '../../../src-shared/api/types';

/**
 * The session's calls: the signed-in user's profile (GET /api/profile/get), the balance in the
 * header (GET /api/balances/my-balance) and logout. One query-key factory per resource; invalidate
 * `balanceKeys.all` to refresh the header balance, set `profileKeys.me()` to replace the user.
 */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export const balanceKeys = {
  all: ['balance'] as const,
  mine: (userId: string | undefined) => [...balanceKeys.all, 'mine', userId ?? null] as const,
};

/** The profile, or null when there is no session (a 401/403 answer). */
export async function fetchProfile(): Promise<User | null> {
  try {
    const response = await call(api.GET('/api/profile/get'));
    return response?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** The profile query (also used with `queryClient.fetchQuery` to refresh it). */
export function profileQuery() {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: fetchProfile,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The profile of a possible session (only fetched while `enabled`). */
export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQuery(), enabled });
}

/** The signed-in investor's or company's balance in euros. */
export function useMyBalance(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: balanceKeys.mine(userId),
    queryFn: async () => (await call(api.GET('/api/balances/my-balance'))).balance,
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/auth/logout. */
export function useLogoutCall() {
  return useMutation({ mutationFn: () => call(api.POST('/api/auth/logout')) });
}
