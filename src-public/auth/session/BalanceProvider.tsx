import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useMyBalance } from './api';
import { useAuth } from './AuthProvider';

export interface BalanceContextValue {
  /** The balance in euros (undefined while unknown or for a role without one). */
  balance: number | undefined;
  /** True when the signed-in role has a balance (user, corporate). */
  hasBalance: boolean;
  isLoading: boolean;
  refresh: () => Promise<void>;
}

const BalanceContext = createContext<BalanceContextValue | null>(null);

/** The signed-in investor's or company's Euro balance (GET /api/balances/my-balance). */
export function BalanceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const hasBalance = user?.role === 'user' || user?.role === 'corporate';
  const query = useMyBalance(user?.id, hasBalance);
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
