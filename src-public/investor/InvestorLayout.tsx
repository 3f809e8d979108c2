import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider';
import { RequireRole } from '../auth/session/RequireRole';

/** The investor tabs of spec 2.2, with Funding (spec 2.5's balance and return screen) after Dashboard. */
const TABS = [
  { to: '/user/overview', labelKey: 'investor.tabs.dashboard' },
  { to: '/user/funding', labelKey: 'investor.tabs.funding' },
  { to: '/user/investments', labelKey: 'investor.tabs.investments' },
  { to: '/user/tickets', labelKey: 'investor.tabs.tickets' },
  { to: '/user/verification', labelKey: 'investor.tabs.verification' },
  { to: '/user/profile', labelKey: 'investor.tabs.profile' },
] as const;

function InvestorTabs() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  return (
    <Box
      component="nav"
      aria-label={t('investor.tabs.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        borderBottom: 1,
        borderColor: 'divider',
        overflowX: 'auto',
      }}
    >
      <Box component="ul" sx={{ display: 'flex', listStyle: 'none', p: 0, m: 0 }}>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Button
              component={NavLink}
              to={tab.to}
              sx={{
                borderRadius: 0,
                px: 2,
                py: 1.5,
                color: 'text.secondary',
                borderBottom: '3px solid transparent',
                whiteSpace: 'nowrap',
                '&.active': { color: 'primary.main', borderBottomColor: 'primary.main' },
              }}
            >
              {t(tab.labelKey)}
            </Button>
          </li>
        ))}
      </Box>
      <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()} sx={{ flexShrink: 0 }}>
        {t('investor.tabs.logout')}
      </Button>
    </Box>
  );
}

/** /user/*: investors only (spec 2.1), with the area's tabs above the page. */
export function InvestorLayout() {
  return (
    <RequireRole role="user">
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <InvestorTabs />
      </Container>
      <Outlet />
    </RequireRole>
  );
}

export { InvestorLayout as Component };
