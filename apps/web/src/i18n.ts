import type { i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALE_COOKIE, matchLocale, type Locale } from '@kiosk/core';
import { createKioskI18nWith, readCookie, writeCookie } from '@kiosk/react';

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

/**
 * A language's first-load messages. Each language is a chunk of its own, so a page downloads only the
 * one it shows; the server names the visitor's in the page's HTML (modulepreload) so that it arrives
 * with the page's other scripts.
 */
async function loadFirstLoadMessages(locale: Locale): Promise<Record<string, string>> {
  return locale === 'zh'
    ? (await import('@kiosk/core/i18n/first-load.zh')).firstLoadZh
    : (await import('@kiosk/core/i18n/first-load.en')).firstLoadEn;
}

/** Adds a language's first-load messages to `i18n`, unless this page has them already. */
async function addFirstLoadMessages(i18n: I18n, locale: Locale): Promise<void> {
  // A screen's own group may already be there in both languages: look for a first-load message.
  if (!i18n.exists('shell.brand', { lng: locale, fallbackLng: [] }))
    i18n.addResourceBundle(locale, 'translation', await loadFirstLoadMessages(locale), true, false);
}

/** Switches the page's language, loading its messages first if this page has not yet. */
export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  await addFirstLoadMessages(i18n, locale);
  await i18n.changeLanguage(locale);
  rememberLocale(locale);
}

// Loaded on the server too (checkout-server.tsx), which draws with an instance of its own: there is no
// visitor or page here to read or load for.
const onServer = typeof window === 'undefined';
const initialLocale = onServer ? DEFAULT_LOCALE : detectInitialLocale();

/** The one instance the app and the embedded @kiosk/react components share. */
export const appI18n = createKioskI18nWith(initialLocale, {});

/**
 * Settles once the page's language's messages are in appI18n: each entry renders after it. (Not a
 * top-level await here: one in a module every screen imports splits the build into many more files.)
 */
export const appI18nReady = onServer ? Promise.resolve() : addFirstLoadMessages(appI18n, initialLocale);

/** The app's current language as a supported locale. */
export function currentLocale(i18n: I18n = appI18n): Locale {
  return matchLocale(i18n.language) ?? matchLocale(i18n.resolvedLanguage) ?? DEFAULT_LOCALE;
}
