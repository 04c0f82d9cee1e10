import { appFeedbackMessages } from './app-feedback.ts';
import { bitcoinMessages } from './bitcoin.ts';
import { cardMessages } from './cards.ts';
import { catalogs } from './catalogs.ts';
import { dashboardHomeMessages } from './dashboard-home.ts';
import { interpolate, type Locale, type MessageParams } from './index.ts';
import { paidAppsMessages } from './paid-apps.ts';
import { refundMessages } from './refunds.ts';
import { stakeMessages } from './stakes.ts';
import { webhookMessages } from './webhooks.ts';

/**
 * The server's messages: the first-load catalogs, and the texts of screens that load later but whose
 * codes the server answers too (a card's decline, written on the payment; why a refund failed). A
 * module of its own: a host that imports `catalogs` (the embed) never carries these.
 */
const serverCatalogs: Record<Locale, Record<string, string>> = {
  en: {
    ...catalogs.en,
    ...cardMessages.en,
    ...refundMessages.en,
    ...appFeedbackMessages.en,
    ...webhookMessages.en,
    ...bitcoinMessages.en,
    ...paidAppsMessages.en,
    ...dashboardHomeMessages.en,
    ...stakeMessages.en,
  },
  zh: {
    ...catalogs.zh,
    ...cardMessages.zh,
    ...refundMessages.zh,
    ...appFeedbackMessages.zh,
    ...webhookMessages.zh,
    ...bitcoinMessages.zh,
    ...paidAppsMessages.zh,
    ...dashboardHomeMessages.zh,
    ...stakeMessages.zh,
  },
};

/** The message for `key` in `locale`, falling back to en, then to the key itself. */
export function translate(locale: Locale, key: string, params?: MessageParams): string {
  const template = serverCatalogs[locale][key] ?? serverCatalogs.en[key] ?? key;
  return interpolate(template, params);
}

export function hasMessage(key: string): boolean {
  return key in serverCatalogs.en;
}
