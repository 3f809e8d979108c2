import { Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Container from '@mui/material/Container';
import MenuIcon from '@mui/icons-material/Menu';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AccountButton } from './AccountButton';
import { BalanceSlot } from './BalanceSlot';
import { lazyComponent } from '../lib/lazyComponent';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { MAIN_LINKS, MOBILE_MENU_ID } from './navLinks';
import { useMenuButton } from './useMenuButton';

// Not part of the first paint: each loads when it is about to open (pointer over or focus on its
// button) and stays mounted once opened, so its closing transition plays as before.
const HelpMenu = lazyComponent(() => import('./HelpMenu').then((module) => module.HelpMenu));
const MobileMenu = lazyComponent(() => import('./MobileMenu').then((module) => module.MobileMenu));

const navButtonSx = {
  color: 'text.primary',
  '&.active': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '6px' },
} as const;

export function Header() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const help = useMenuButton(HelpMenu.preload);

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, md: 72 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label={t('nav.mainLabel')}
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, ml: 3 }}
          >
            {MAIN_LINKS.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} end={link.to === '/'} sx={navButtonSx}>
                {t(link.labelKey)}
              </Button>
            ))}
            <Button {...help.buttonProps} sx={{ color: 'text.primary' }} endIcon={<ArrowDropDownIcon />}>
              {t('nav.help')}
            </Button>
            {help.used ? (
              <Suspense fallback={null}>
                <HelpMenu
                  id={help.menuId}
                  buttonId={help.buttonId}
                  anchorEl={help.anchor}
                  onClose={help.close}
                />
              </Suspense>
            ) : null}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {/* On a phone too (issue 15): only the amount there, the label is for screen readers. */}
          <Box sx={{ flexShrink: 0 }}>
            <BalanceSlot compact />
          </Box>
          <LanguageSwitcher />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <AccountButton />
          </Box>
          <IconButton
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls={MOBILE_MENU_ID}
            onPointerEnter={() => void MobileMenu.preload().catch(() => undefined)}
            onFocus={() => void MobileMenu.preload().catch(() => undefined)}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
