import { useEffect, useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { isLanguageCode } from '../../src-shared/i18n';
import { ThreeDotLoader } from '../components/ThreeDotLoader';
import { LANGUAGE_SWITCH_DELAY_MS, persistLanguage } from '../lib/language';

function reloadPage() {
  window.location.reload();
}

function Flag({ src }: { src: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={24}
      height={16}
      sx={{ display: 'block', borderRadius: '2px', boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
    />
  );
}

/**
 * Spec section 4: a dropdown with flag and label per language. Choosing another language shows a
 * three-dot loader, waits 500 ms, writes the translation cookie and local storage, then reloads.
 * Choosing the current language does nothing. No network call is made.
 */
export function LanguageSwitcher({ onReload = reloadPage }: { onReload?: () => void }) {
  const { t, i18n } = useTranslation();
  const current: LanguageCode = isLanguageCode(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const currentLanguage = LANGUAGES.find((language) => language.code === current) ?? LANGUAGES[0];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [translating, setTranslating] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (code: LanguageCode) => {
    setAnchor(null);
    if (code === current || translating) return;
    setTranslating(true);
    timer.current = window.setTimeout(() => {
      persistLanguage(code);
      onReload();
    }, LANGUAGE_SWITCH_DELAY_MS);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={translating}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('language.button', { language: t(`language.names.${current}`) })}
        startIcon={<Flag src={currentLanguage.flag} />}
        endIcon={translating ? undefined : <ArrowDropDownIcon />}
        sx={{ minWidth: 0 }}
      >
        {translating ? (
          <ThreeDotLoader label={t('language.switching')} />
        ) : (
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t(`language.names.${current}`)}
          </Box>
        )}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor) && !translating}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language.code}
            selected={language.code === current}
            disabled={translating}
            onClick={() => choose(language.code)}
          >
            <ListItemIcon>
              <Flag src={language.flag} />
            </ListItemIcon>
            <ListItemText>{t(`language.names.${language.code}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
