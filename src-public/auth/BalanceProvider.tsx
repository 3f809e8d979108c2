import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../src-shared/api/client';
import { useAuth } from './AuthProvider';

export interface BalanceContextValue {
  /** The balance in euros as the server sent it; only a number is shown. */
  balance: unknown;
  /** True when the signed-in role has a balance (user, corporate). */
  hasBalance: boolean;
  isLoading: boolean;
  refresh: () => Promise<void>;
}

/** The header balance's query (keyed further by the user id); invalidate it to refresh the header. */
export const BALANCE_QUERY_KEY = ['balance'] as const;

const BalanceContext = createContext<BalanceContextValue | null>(null);

/** The signed-in investor's or company's Euro balance (GET /api/balances/my-balance). */
export function BalanceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const hasBalance = user?.role === 'user' || user?.role === 'corporate';
  const query = useQuery({
    queryKey: [...BALANCE_QUERY_KEY, user?.id],
    queryFn: async () => (await api.get<{ balance?: unknown }>('/balances/my-balance'))?.balance ?? null,
    enabled: hasBalance,
    staleTime: 60_000,
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const balance = hasBalance ? query.data : undefined;
  const isLoading = hasBalance && query.isPending;
  const value = useMemo<BalanceContextValue>(
    () => ({ balance, hasBalance, isLoading, refresh }),
    [balance, hasBalance, isLoading, refresh],
  );
  return <BalanceContext.Provider value={value}>{children}</BalanceContext.Provider>;
}

export function useBalance(): BalanceContextValue {
  const context = useContext(BalanceContext);
  if (!context) throw new Error('useBalance must be used inside BalanceProvider');
  return context;
}
