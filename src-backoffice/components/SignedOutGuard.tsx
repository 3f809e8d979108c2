import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasLoginMarker } from '../providers/authProvider';

/**
 * A visitor without the `logged_in` marker cookie goes straight to the app's login page, before
 * react-admin mounts a screen that would fetch data (and fail with 401) or loop through redirects.
 */
export const SignedOutGuard = ({ basename, children }: { basename: string; children: ReactNode }) => {
  const location = useLocation();
  const loginPath = `${basename}/login`;
  if (!hasLoginMarker() && location.pathname !== loginPath) {
    return <Navigate to={loginPath} replace state={{ nextPathname: location.pathname }} />;
  }
  return <>{children}</>;
};
