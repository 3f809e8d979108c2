import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The global loading flag of spec section 1; the LoaderOverlay shows it. */
interface LoadingContextValue {
  isLoading: boolean;
  setLoading: (loading: boolean) => void;
}

const LoadingContext = createContext<LoadingContextValue | null>(null);

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [isLoading, setLoading] = useState(false);
  const value = useMemo(() => ({ isLoading, setLoading }), [isLoading]);
  return <LoadingContext.Provider value={value}>{children}</LoadingContext.Provider>;
}

export function useGlobalLoading(): LoadingContextValue {
  const context = useContext(LoadingContext);
  if (!context) throw new Error('useGlobalLoading must be used inside LoadingProvider');
  return context;
}
