import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { fullPageNavigation } from '../../lib/navigation';
import { useAuth } from './AuthProvider';
import { isPublicAppPath, roleDashboardTarget, type RoleDashboardPage } from './roles';

/** Leaves this app for a back-office path (a full page load). */
function LeaveFor({ to }: { to: string }) {
  useEffect(() => fullPageNavigation.replace(to), [to]);
  return <PageLoader />;
}

/**
 * The role-dependent links of the /dashboard/... family (spec 2.1): the signed-in person's own page
 * (/user/..., /corporate/..., /admin); a visitor goes to /login, which brings them back here after
 * signing in, so they land on their role's page.
 */
export function DashboardRedirect({ page }: { page: RoleDashboardPage }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (isLoading) return <PageLoader label={t('auth.loadingUser')} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  const target = roleDashboardTarget(page, user.role);
  if (!isPublicAppPath(target)) return <LeaveFor to={target} />;
  return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
}
