import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call } from '../../src-shared/api/http';
import type { JsonBody, MyInvestment, ProfileUpdate } from '../../src-shared/api/types';

/** GET /api/dashboard/investor's figures (the overview and the funding page). */
export type InvestorDashboard = JsonBody<'/api/dashboard/investor'>['data'];

/**
 * The investor area's calls: the investor's investments (GET /api/investments/my-investments and
 * GET /api/investments/{investmentId}), the
 * dashboard's figures (GET /api/dashboard/investor) and the profile changes (PUT
 * /api/profile/update, POST /api/profile/confirm-email). The invest dialog invalidates
 * `investmentKeys.all` after an investment (no page reload), the dashboard included.
 */
export const investmentKeys = {
  all: ['investments'] as const,
  mine: () => [...investmentKeys.all, 'mine'] as const,
  one: (id: string) => [...investmentKeys.all, 'one', id] as const,
  /** The investor dashboard: under `all`, so an investment refreshes it too. */
  dashboard: () => [...investmentKeys.all, 'dashboard'] as const,
};

/** The signed-in investor's figures (GET /api/dashboard/investor), shared by the overview and the funding page. */
export function useInvestorDashboard() {
  return useQuery({
    queryKey: investmentKeys.dashboard(),
    queryFn: async (): Promise<InvestorDashboard> => (await call(api.GET('/api/dashboard/investor'))).data,
  });
}

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

/** One of the investor's investments with its share of the loan (GET /api/investments/{investmentId}). */
export type InvestmentDetail = JsonBody<'/api/investments/{investmentId}'>['data'];

/** The investor's own investment; another person's or an unknown id answers 404 (no retry). */
export function useInvestment(investmentId: string) {
  return useQuery({
    queryKey: investmentKeys.one(investmentId),
    queryFn: async (): Promise<InvestmentDetail> =>
      (await call(api.GET('/api/investments/{investmentId}', { params: { path: { investmentId } } }))).data,
    retry: false,
  });
}
