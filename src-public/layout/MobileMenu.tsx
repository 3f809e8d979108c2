import Drawer from '@mui/material/Drawer';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import IconButton from '@mui/material/IconButton';
import Divider from '@mui/material/Divider';
import CloseIcon from '@mui/icons-material/Close';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AccountButton } from './AccountButton';
import { BalanceSlot } from './BalanceSlot';
import { HELP_LINKS, MAIN_LINKS, MOBILE_MENU_ID } from './navLinks';

/** The menu below the md breakpoint: the same links as the header. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // A window widened past the breakpoint shows the header links again: the menu closes, so the
  // page is not left blocked behind a drawer that CSS has hidden.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  useEffect(() => {
    if (wide && open) onClose();
  }, [wide, open, onClose]);
  return (
    <Drawer id={MOBILE_MENU_ID} anchor="right" open={open} onClose={onClose} sx={{ display: { md: 'none' } }}>
      <Box component="nav" aria-label={t('nav.mobileLabel')} sx={{ width: 280, p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List>
          {MAIN_LINKS.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={NavLink} to={link.to} end={link.to === '/'} onClick={onClose}>
                <ListItemText primary={t(link.labelKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <List subheader={<ListSubheader disableSticky>{t('nav.help')}</ListSubheader>}>
          {HELP_LINKS.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={NavLink} to={link.to} onClick={onClose}>
                <ListItemText primary={t(link.labelKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider sx={{ mb: 2 }} />
        <Box sx={{ mb: 2, px: 2 }}>
          <BalanceSlot />
        </Box>
        <AccountButton fullWidth onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
