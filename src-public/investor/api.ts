import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call } from '../../src-shared/api/http';
import type { MyInvestment, ProfileUpdate } from '../../src-shared/api/types';

/**
 * The investor area's calls: the investor's investments (GET /api/investments/my-investments) and
 * the profile changes (PUT /api/profile/update, POST /api/profile/confirm-email). The invest dialog
 * invalidates `investmentKeys.all` after an investment (no page reload).
 */
export const investmentKeys = {
  all: ['investments'] as const,
  mine: () => [...investmentKeys.all, 'mine'] as const,
};

/** The investor's investments, newest first. */
export function useMyInvestments() {
  return useQuery({
    queryKey: investmentKeys.mine(),
    queryFn: async (): Promise<MyInvestment[]> => {
      const response = await call(api.GET('/api/investments/my-investments'));
      return Array.isArray(response?.data) ? response.data : [];
    },
  });
}

/** PUT /api/profile/update (the page hands the answer's user to the session). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileUpdate) => call(api.PUT('/api/profile/update', { body })),
  });
}

/** POST /api/profile/confirm-email with the code sent to the new address. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => call(api.POST('/api/profile/confirm-email', { body: { token } })),
  });
}
