import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type MouseEvent } from 'react';
import {
  LoadingIndicator,
  ToggleThemeButton,
  useLocaleState,
  useLocales,
  useThemesContext,
  useTranslate,
} from 'react-admin';
import { languageEndonym } from '../../src-shared/constants/enums';

/**
 * The back office's language menu, in place of react-admin's LocalesMenuButton: each language is
 * named in itself (English, Deutsch, Español, Français; decision 0180), as on the public site, and on a phone the button is the
 * translate icon alone, named for screen readers, so that the page's title keeps the app bar's room.
 */
export function LanguageMenu() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const menuId = `${useId()}-languages`;
  const button = {
    color: 'inherit',
    'aria-label': translate('app.language.button', { language: languageEndonym(locale) }),
    'aria-haspopup': 'menu',
    'aria-controls': anchorEl ? menuId : undefined,
    'aria-expanded': anchorEl ? true : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchorEl(event.currentTarget),
  } as const;
  return (
    <>
      {phone ? (
        <IconButton {...button}>
          <TranslateIcon />
        </IconButton>
      ) : (
        <Button {...button} startIcon={<TranslateIcon />} endIcon={<ExpandMoreIcon fontSize="small" />}>
          <span lang={locale}>{languageEndonym(locale)}</span>
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchorEl} open={anchorEl !== null} onClose={() => setAnchorEl(null)}>
        {locales.map(({ locale: code }) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === locale}
            onClick={() => {
              setLocale(code);
              setAnchorEl(null);
            }}
          >
            {languageEndonym(code)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** react-admin's app bar toolbar (languages, light/dark, loading) with the language menu above. */
export function AppBarToolbar() {
  const { darkTheme } = useThemesContext();
  return (
    <>
      <LanguageMenu />
      {darkTheme ? <ToggleThemeButton /> : null}
      <LoadingIndicator />
    </>
  );
}
