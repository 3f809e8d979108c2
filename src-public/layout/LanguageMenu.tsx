import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { ButtonMenu } from './ButtonMenu';
import { Flag } from './Flag';

/** The language switcher's dropdown: each language named in itself (decision 0180) (its own chunk: loaded when the button is pointed at or used). */
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
  return (
    <ButtonMenu id={id} buttonId={buttonId} anchorEl={anchorEl} open={open} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === current}
          disabled={disabled}
          onClick={() => onChoose(language.code)}
        >
          <ListItemIcon>
            <Flag src={language.flag} />
          </ListItemIcon>
          <ListItemText>{language.name}</ListItemText>
        </MenuItem>
      ))}
    </ButtonMenu>
  );
}
