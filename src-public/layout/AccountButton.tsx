import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider';
import { dashboardPath, isPublicAppPath } from '../auth/session/roles';

/** The Login button, or Dashboard (/{role}/overview) once a profile is loaded. */
export function AccountButton({
  fullWidth = false,
  onNavigate,
}: {
  fullWidth?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) {
    return (
      <Button
        component={RouterLink}
        to="/login"
        variant="contained"
        fullWidth={fullWidth}
        onClick={onNavigate}
      >
        {t('nav.login')}
      </Button>
    );
  }
  const target = dashboardPath(user.role);
  return isPublicAppPath(target) ? (
    <Button component={RouterLink} to={target} variant="contained" fullWidth={fullWidth} onClick={onNavigate}>
      {t('nav.dashboard')}
    </Button>
  ) : (
    <Button href={target} variant="contained" fullWidth={fullWidth} onClick={onNavigate}>
      {t('nav.dashboard')}
    </Button>
  );
}
