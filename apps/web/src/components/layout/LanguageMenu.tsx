import { useTranslation } from 'react-i18next';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, type Locale } from '@kiosk/core';
import { currentLocale } from '../../i18n.ts';

export interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onChoose: (locale: Locale) => void;
}

/** The language switch's list, loaded on the switch's first use (see LanguageSwitch). */
export function LanguageMenu({ id, anchor, onClose, onChoose }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const active = currentLocale(i18n);
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
          onClick={() => onChoose(locale)}
        >
          {t(`shell.language.${locale}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
