import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';

/** The Logout tab of spec 2.2 (the user menu in the app bar has one too). */
export const LogoutMenuItem = () => {
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <MenuItem onClick={() => logout()} sx={{ color: 'text.secondary' }}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('ra.auth.logout')}</ListItemText>
    </MenuItem>
  );
};
