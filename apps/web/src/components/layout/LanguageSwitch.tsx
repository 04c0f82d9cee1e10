import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, type Locale } from '@kiosk/core';
import { currentLocale, switchLocale } from '../../i18n.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const active = currentLocale(i18n);
  const activeName = t(`shell.language.${active}`);

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
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ minWidth: 0 }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {activeName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={() => setMenuAnchor(null)}
        slotProps={{ list: { 'aria-label': t('shell.language.label') } }}
      >
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            // Each name is written in its own language, so screen readers should pronounce it that way.
            lang={locale}
            role="menuitemradio"
            aria-checked={locale === active}
            selected={locale === active}
            onClick={() => choose(locale)}
          >
            {t(`shell.language.${locale}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
