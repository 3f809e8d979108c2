import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/session/AuthProvider';
import { isPublicAppPath, roleDashboardTarget } from '../../auth/session/roles';

/** After a successful upload: the server's thanks and the way to the person's verification page. */
export function Receipt({ message }: { message: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const heading = useRef<HTMLHeadingElement>(null);
  // The thanks replace the form: move there (a phone would otherwise stay scrolled down).
  useEffect(() => heading.current?.focus(), []);
  // A visitor goes through /dashboard/verification: it asks them to sign in, then shows their page.
  const target = user ? roleDashboardTarget('verification', user.role) : '/dashboard/verification';
  const link = isPublicAppPath(target) ? { component: RouterLink, to: target } : { href: target };
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 3, justifyItems: 'start' }}>
      <Alert severity="success" role="status" sx={{ width: '100%' }}>
        <AlertTitle component="h2" ref={heading} tabIndex={-1} sx={{ fontWeight: 700, outline: 'none' }}>
          {t('kyc.successTitle')}
        </AlertTitle>
        <Typography>{message}</Typography>
        <Typography sx={{ mt: 1 }}>{t('kyc.next')}</Typography>
      </Alert>
      <Button variant="contained" {...link}>
        {t('kyc.toVerification')}
      </Button>
    </Box>
  );
}
