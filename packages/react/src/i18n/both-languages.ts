import { DEFAULT_LOCALE, type Locale } from '@kiosk/core';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import type { i18n } from 'i18next';
import { createKioskI18nWith } from './create-kiosk-i18n.ts';

/**
 * An i18next instance over the Kiosk catalogs in both languages, for a host app (and the embed) that
 * switches language without loading anything. Its own entry point (`@kiosk/react/i18n`): imported from
 * `@kiosk/react`, both languages would ride in every page's first load.
 */
export function createKioskI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  return createKioskI18nWith(locale, catalogs);
}
