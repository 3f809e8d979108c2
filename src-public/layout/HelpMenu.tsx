import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ButtonMenu } from './ButtonMenu';
import { HELP_LINKS } from './navLinks';

/** The header's Help dropdown (its own chunk: loaded when the Help button is pointed at or used). */
export function HelpMenu({
  id,
  buttonId,
  anchorEl,
  onClose,
}: {
  id: string;
  buttonId: string;
  anchorEl: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ButtonMenu id={id} buttonId={buttonId} anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {HELP_LINKS.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          {t(link.labelKey)}
        </MenuItem>
      ))}
    </ButtonMenu>
  );
}
