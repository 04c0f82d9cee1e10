export { defineMessages, type MessageGroup, type Messages, type Translation } from './define.ts';
// The messages of screens that load on their first visit are not exported here: each screen imports
// its group from its own module (`@kiosk/core/i18n/console` …) and adds it to the i18n instance when it
// renders (@kiosk/react useScreenMessages). Named here, they would ride in every page's first load.

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie that remembers the visitor's language (set by the web app's language switch). */
export const LOCALE_COOKIE = 'nf_lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a language tag such as `zh-CN` or `en_US` to a supported locale, or undefined. */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

/** Picks the best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}

export type MessageParams = Record<string, string | number | bigint>;

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing param is noticed. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
