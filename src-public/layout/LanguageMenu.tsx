import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { ButtonMenu } from './ButtonMenu';
import { Flag } from './Flag';

/** The language switcher's dropdown (its own chunk: loaded when the button is pointed at or used). */
export function LanguageMenu({
  id,
  buttonId,
  anchorEl,
  open,
  current,
  disabled,
  onChoose,
  onClose,
}: {
  id: string;
  buttonId: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  current: LanguageCode;
  disabled: boolean;
  onChoose: (code: LanguageCode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ButtonMenu id={id} buttonId={buttonId} anchorEl={anchorEl} open={open} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.code}
          selected={language.code === current}
          disabled={disabled}
          onClick={() => onChoose(language.code)}
        >
          <ListItemIcon>
            <Flag src={language.flag} />
          </ListItemIcon>
          <ListItemText>{t(`language.names.${language.code}`)}</ListItemText>
        </MenuItem>
      ))}
    </ButtonMenu>
  );
}
