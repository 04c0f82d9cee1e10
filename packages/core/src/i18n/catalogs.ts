import { cardMessages } from './cards.ts';
import { firstLoadEn } from './first-load.en.ts';
import { firstLoadZh } from './first-load.zh.ts';
import { interpolate, type Locale, type MessageParams } from './index.ts';
import { refundMessages } from './refunds.ts';

/*
 * Both languages' first-load messages, for the server's answers and for hosts that take both at once
 * (@kiosk/react/i18n). Not in @kiosk/core's index: whatever a page's first scripts import would carry
 * both languages (a page loads its own language's module, first-load.en or first-load.zh).
 */

/** Every message the server and the first load need, flat dotted keys; placeholders are written `{name}`. */
export const catalogs: Record<Locale, Record<string, string>> = { en: firstLoadEn, zh: firstLoadZh };

/**
 * What the server writes besides: the texts of screens that load later but whose codes the server
 * answers too (a card's decline, written on the payment; why a refund failed). Kept out of
 * `catalogs`, which hosts load whole: a crypto-only page never carries them.
 */
const serverCatalogs: Record<Locale, Record<string, string>> = {
  en: { ...firstLoadEn, ...cardMessages.en, ...refundMessages.en },
  zh: { ...firstLoadZh, ...cardMessages.zh, ...refundMessages.zh },
};

/** The message for `key` in `locale`, falling back to en, then to the key itself. */
export function translate(locale: Locale, key: string, params?: MessageParams): string {
  const template = serverCatalogs[locale][key] ?? serverCatalogs.en[key] ?? key;
  return interpolate(template, params);
}

export function hasMessage(key: string): boolean {
  return key in serverCatalogs.en;
}
