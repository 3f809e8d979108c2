import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../src-shared/constants/enums';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from './AuthProvider';

/** Lets only the given role through; anyone else goes to /login, which remembers where they came
 * from (spec 2.1). The server enforces the same rule on every call. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (isLoading) return <PageLoader label={t('auth.loadingUser')} />;
  if (!user || user.role !== role) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
