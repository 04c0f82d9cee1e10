import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Locale } from '@kiosk/core';
import { currentLocale, switchLocale } from '../../i18n.ts';

// The menu (and MUI's popover and modal code under it) loads when the visitor first reaches for the
// switch: most visits never open it. Pointing at the button starts the download before the click.
const loadLanguageMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(() => loadLanguageMenu().then((module) => ({ default: module.LanguageMenu })));

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const activeName = t(`shell.language.${currentLocale(i18n)}`);

  const choose = (locale: Locale) => {
    setMenuAnchor(null);
    void switchLocale(i18n, locale);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('shell.language.current', { language: activeName })}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : 'false'}
        onPointerEnter={() => void loadLanguageMenu()}
        onFocus={() => void loadLanguageMenu()}
        onClick={(event) => {
          setMenuWanted(true);
          setMenuAnchor(event.currentTarget);
        }}
        sx={{ minWidth: 0 }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {activeName}
        </Box>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={menuAnchor}
            onClose={() => setMenuAnchor(null)}
            onChoose={choose}
          />
        </Suspense>
      )}
    </>
  );
}
