import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../src-shared/api/types';
import { hasLoginMarker } from '../../lib/cookies';
import { profileKeys, profileQuery, useLogoutCall, useProfile } from './api';

export interface AuthContextValue {
  /** The signed-in user, or null for a visitor. */
  user: User | null;
  /** True while the profile of a possible session is being fetched. */
  isLoading: boolean;
  /** Fetches the profile again (after login or a profile change) and returns it. */
  refresh: () => Promise<User | null>;
  /** Takes a user the server just sent (login, profile update) as the signed-in user. */
  setUser: (user: User) => void;
  /** Ends the session on the server, forgets the user and goes to /login. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Keeps the signed-in user for every screen (spec section 1 and 4). The profile is fetched only
 * while the login-marker cookie exists, so a visitor without a session makes no profile call.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sessionHint, setSessionHint] = useState(hasLoginMarker);

  const profile = useProfile(sessionHint);
  const { mutateAsync: logoutCall } = useLogoutCall();

  const refresh = useCallback(async () => {
    try {
      const user = await queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 });
      // A 401/403 answer means there is no session (any more).
      setSessionHint(user !== null);
      return user;
    } catch (error) {
      // No answer or a server failure says nothing about the session: keep what we know.
      console.warn('Could not load the profile', error);
      return queryClient.getQueryData(profileQuery().queryKey) ?? null;
    }
  }, [queryClient]);

  const setUser = useCallback(
    (next: User) => {
      queryClient.setQueryData(profileKeys.me(), next);
      setSessionHint(true);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.warn('Logout call failed', error);
    }
    setSessionHint(false);
    queryClient.setQueryData(profileKeys.me(), null);
    // Public data (queries with `meta.public`, the ventures) stays cached; the account's goes.
    queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true });
    navigate('/login');
  }, [logoutCall, navigate, queryClient]);

  const user = sessionHint ? (profile.data ?? null) : null;
  const isLoading = sessionHint && profile.isPending;

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, refresh, setUser, logout }),
    [user, isLoading, refresh, setUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be inside AuthProvider');
  return context;
}
