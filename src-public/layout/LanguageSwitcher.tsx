import { Suspense, useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { isLanguageCode } from '../../src-shared/i18n';
import { ThreeDotLoader } from '../components/ThreeDotLoader';
import { LANGUAGE_SWITCH_DELAY_MS, persistLanguage } from '../lib/language';
import { lazyComponent } from '../lib/lazyComponent';
import { Flag } from './Flag';
import { useMenuButton } from './useMenuButton';

// The dropdown loads when it is about to open (pointer over or focus on the button), not with the page.
const LanguageMenu = lazyComponent(() => import('./LanguageMenu').then((module) => module.LanguageMenu));

/** Downloads the dropdown's chunk ahead of the first click (the jsdom tests, which use fake timers). */
export const preloadLanguageMenu = () => LanguageMenu.preload();

function reloadPage() {
  window.location.reload();
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
  const menu = useMenuButton(LanguageMenu.preload);
  const [translating, setTranslating] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (code: LanguageCode) => {
    menu.close();
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
        {...menu.buttonProps}
        color="inherit"
        disabled={translating}
        aria-label={t('language.button', { language: currentLanguage.name })}
        startIcon={<Flag src={currentLanguage.flag} />}
        endIcon={translating ? undefined : <ArrowDropDownIcon />}
        sx={{ minWidth: 0 }}
      >
        {translating ? (
          <ThreeDotLoader label={t('language.switching')} />
        ) : (
          <Box component="span" lang={current} sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {currentLanguage.name}
          </Box>
        )}
      </Button>
      {menu.used ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menu.menuId}
            buttonId={menu.buttonId}
            anchorEl={menu.anchor}
            open={Boolean(menu.anchor) && !translating}
            current={current}
            disabled={translating}
            onChoose={choose}
            onClose={menu.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
