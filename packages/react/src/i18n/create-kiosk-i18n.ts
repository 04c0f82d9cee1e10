import { createInstance, type i18n } from 'i18next';
import { catalogs, DEFAULT_LOCALE, LOCALES, type Locale } from '@kiosk/core';

/**
 * An i18next instance over the Kiosk catalogs. It is a fresh instance, never the i18next global,
 * so a host app that runs its own i18next keeps it; pass this one to `<I18nextProvider>`.
 */
export function createKioskI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    resources: {
      en: { translation: catalogs.en },
      zh: { translation: catalogs.zh },
    },
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
