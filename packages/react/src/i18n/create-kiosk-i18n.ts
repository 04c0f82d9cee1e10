import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kiosk/core';

/**
 * An i18next instance over the Kiosk messages given: a page's own language (the web app loads only
 * that one, @kiosk/core/i18n/first-load.en or .zh, and adds the other when the visitor switches), or
 * both (`createKioskI18n` of @kiosk/react/i18n). It is a fresh instance, never the i18next global, so
 * a host app that runs its own i18next keeps it; pass this one to `<I18nextProvider>`.
 */
export function createKioskI18nWith(
  locale: Locale,
  messages: Partial<Record<Locale, Record<string, string>>>,
): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    resources: Object.fromEntries(
      Object.entries(messages).map(([language, translation]) => [language, { translation }]),
    ),
    // The catalogs are flat dotted keys with `{name}` placeholders (see @kiosk/core i18n).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    // Resources are in memory, so init can finish before the first render.
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
