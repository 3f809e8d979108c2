import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider';
import { RequireRole } from '../auth/session/RequireRole';

/** The investor tabs of spec 2.2, with Funding (spec 2.5's balance and return screen) after Dashboard. */
const TABS = [
  { to: '/user/overview', labelKey: 'investor.tabs.dashboard' },
  { to: '/user/funding', labelKey: 'investor.tabs.funding' },
  { to: '/user/investments', labelKey: 'investor.tabs.investments' },
  // Auto-invest (EU 2020/1503 Art. 6), beside the investments it makes.
  { to: '/user/auto-invest', labelKey: 'autoInvest.tab' },
  { to: '/user/statements', labelKey: 'statements.tab' },
  { to: '/user/tickets', labelKey: 'investor.tabs.tickets' },
  { to: '/user/verification', labelKey: 'investor.tabs.verification' },
  // The investor profile of EU 2020/1503 Art. 21 (knowledge test, loss simulation), after identity verification.
  { to: '/user/profile/investor', labelKey: 'protection.tab' },
  { to: '/user/profile', labelKey: 'investor.tabs.profile' },
] as const;

/** The tab of a path: its own, or its parent's (/user/tickets/new is under Tickets), the longest
 * match winning (/user/profile/investor/test is under Investor profile, not Profile); false for none. */
function activeTab(pathname: string): string | false {
  const matches = TABS.filter((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to ?? false;
}

/**
 * MUI's scrollable Tabs (swipe, scroll buttons on a phone too, the active tab scrolled into view),
 * kept as navigation links: the list and the items drop the tablist/tab roles, every link stays in
 * the Tab order, and the current page is marked by NavLink's aria-current="page".
 */
function InvestorTabs() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={t('investor.tabs.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs
        value={activeTab(pathname)}
        variant="scrollable"
        // Always rendered (not 'auto'): buttons that appeared after the first layout would narrow
        // the strip after the active tab had been scrolled into view, and cover it again.
        scrollButtons
        allowScrollButtonsMobile
        slotProps={{ list: { role: undefined } }}
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
          // From md up the tabs fit: the idle buttons take no room there.
          [theme.breakpoints.up('md')]: { '& .MuiTabs-scrollButtons.Mui-disabled': { display: 'none' } },
        })}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.to}
            value={tab.to}
            label={t(tab.labelKey)}
            component={NavLink}
            to={tab.to}
            // Profile is not current on its sub-tab's pages (/user/profile/investor...).
            end={TABS.some((other) => other.to.startsWith(`${tab.to}/`))}
            role={undefined}
            aria-selected={undefined}
            tabIndex={0}
            sx={{ py: 1.5, '&.active': { color: 'primary.main' } }}
          />
        ))}
      </Tabs>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={() => void logout()}
        aria-label={t('investor.tabs.logout')}
        sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('investor.tabs.logout')}
        </Box>
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
