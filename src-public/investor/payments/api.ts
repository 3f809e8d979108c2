import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { JsonBody } from '../../../src-shared/api/types';
import { balanceKeys } from '../../auth/session/api';
import { investmentKeys } from '../api';

/** GET /api/payments/deposit-instructions' `data`: the platform's account and the caller's RF reference. */
export type DepositInstructions = JsonBody<'/api/payments/deposit-instructions'>['data'];
/** The caller's bank account (IBAN masked but the last 4), or null before the first registration. */
export type BankAccount = NonNullable<JsonBody<'/api/payments/bank-account'>['data']>;
export type WithdrawalList = JsonBody<'/api/payments/withdrawals/mine'>;
export type Withdrawal = WithdrawalList['data'][number];
export type BankAccountInput = { iban: string; holderName: string };

/**
 * The investor's deposit and withdrawal calls (API contract, "Deposits and withdrawals"; decisions
 * 0132-0134, 0142-0145). A withdrawal or a cancellation moves money, so, settled either way, it
 * refreshes the withdrawals, the header balance and the dashboard's figures (the funding page).
 */
export const paymentKeys = {
  all: ['payments'] as const,
  instructions: () => [...paymentKeys.all, 'instructions'] as const,
  bankAccount: () => [...paymentKeys.all, 'bank-account'] as const,
  withdrawals: (limit: number) => [...paymentKeys.all, 'withdrawals', limit] as const,
};

export function useDepositInstructions() {
  return useQuery({
    queryKey: paymentKeys.instructions(),
    queryFn: async (): Promise<DepositInstructions> =>
      (await call(api.GET('/api/payments/deposit-instructions'))).data,
    staleTime: 60 * 60_000,
  });
}

export function useBankAccount() {
  return useQuery({
    queryKey: paymentKeys.bankAccount(),
    queryFn: async (): Promise<BankAccount | null> =>
      (await call(api.GET('/api/payments/bank-account'))).data ?? null,
  });
}

/** PUT /api/payments/bank-account; the answer replaces the cached account. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BankAccountInput): Promise<BankAccount> =>
      (await call(api.PUT('/api/payments/bank-account', { body }))).data,
    onSuccess: (account) => queryClient.setQueryData(paymentKeys.bankAccount(), account),
  });
}

/** The caller's withdrawals, newest first: the first `limit` of them. */
export function useMyWithdrawals(limit: number) {
  return useQuery({
    queryKey: paymentKeys.withdrawals(limit),
    queryFn: async (): Promise<WithdrawalList> =>
      await call(api.GET('/api/payments/withdrawals/mine', { params: { query: { page: 1, limit } } })),
  });
}

function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'withdrawals'] }),
      queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
      queryClient.invalidateQueries({ queryKey: investmentKeys.dashboard() }),
    ]);
}

/** POST /api/payments/withdrawals with the review's Idempotency-Key. */
export function useRequestWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: async ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      (
        await call(
          api.POST('/api/payments/withdrawals', {
            body: { amount },
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
        )
      ).data,
    onSettled: refresh,
  });
}

/** POST /api/payments/withdrawals/{id}/cancel: refunded in full while still requested. */
export function useCancelWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: async (id: string) =>
      (await call(api.POST('/api/payments/withdrawals/{id}/cancel', { params: { path: { id } } }))).data,
    onSettled: refresh,
  });
}

/** A fresh Idempotency-Key (one per opening of the review, decision 0143). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
