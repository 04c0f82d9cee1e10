import type { i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALE_COOKIE, matchLocale, type Locale } from '@kiosk/core';
import { createKioskI18n, readCookie, writeCookie } from '@kiosk/react';

const LOCALE_COOKIE_DAYS = 365;

interface LocaleSources {
  search?: string;
  cookie?: string;
  language?: string;
}

/** The `locale` query parameter wins, then the language cookie, then the browser's language, then en. */
export function detectInitialLocale({
  search = window.location.search,
  cookie = document.cookie,
  language = navigator.language,
}: LocaleSources = {}): Locale {
  return (
    matchLocale(new URLSearchParams(search).get('locale')) ??
    matchLocale(readCookie(LOCALE_COOKIE, cookie)) ??
    matchLocale(language) ??
    DEFAULT_LOCALE
  );
}

/** Marks the page with the language and remembers it in the cookie the server reads (seed 001 §1). */
export function rememberLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  writeCookie(LOCALE_COOKIE, locale, { days: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'Lax' });
}

export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  rememberLocale(locale);
}

/** The one instance the app and the embedded @kiosk/react components share. */
export const appI18n = createKioskI18n(detectInitialLocale());

/** The app's current language as a supported locale. */
export function currentLocale(i18n: I18n = appI18n): Locale {
  return matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
}
