import type { AppDonation, Setting } from '@kiosk/contracts';
import { addressOfDid, parseAmount } from '@kiosk/core';
import { appOnStoreFront } from '../apps/service.ts';
import { flag } from '../columns.ts';
import type { StoreDeps } from '../context.ts';
import { salesSettings } from '../reviews/settings.ts';

/** The store's mount location for app pages: its donation settings are Kiosk Pay's settings of it. */
export const STORE_DONATION_MOUNT = 'store-app-page';

/** Of a donation to an app, its developer's part (the original store's split); the rest is the store's. */
export const DEVELOPER_DONATION_PERCENT = 90;

/** Whole units ("0.015") in a currency's smallest units, finer digits than it has dropped. */
function unitsOf(whole: string, decimals: number): bigint {
  const [integer, fraction = ''] = whole.split('.');
  const kept = fraction.slice(0, decimals);
  return parseAmount(kept ? `${integer}.${kept}` : integer!, decimals);
}

/** The settings' amounts in a currency: presets too fine for it are dropped, bounds rounded down. */
function amountsIn(setting: Setting, decimals: number) {
  const { amount } = setting.settings;
  const presets = amount.presets.map((p) => unitsOf(p, decimals)).filter((p) => p > 0n);
  const preset = amount.preset === undefined ? undefined : unitsOf(amount.preset, decimals);
  return {
    presets: presets.map(String),
    preset: preset !== undefined && presets.includes(preset) ? String(preset) : undefined,
    minimum: String(unitsOf(amount.minimum, decimals)),
    maximum: String(unitsOf(amount.maximum, decimals)),
    // Presets only, unless none is fine enough for this currency: then any amount in range.
    custom: amount.custom || presets.length === 0,
  };
}

/**
 * POST /api/apps/{did}/donation: the store's donation settings for app pages and, while they are on
 * and the app's developer takes donations, the app's donation link (target: the app's DID), made or
 * brought up to date from them in the first currency the store sells in, its developer's part a
 * benefit. Called by every visit of an app page; unchanged, it writes nothing. Only apps on the store
 * front take donations.
 */
export async function appDonation(deps: StoreDeps, did: string): Promise<AppDonation> {
  const app = await appOnStoreFront(deps.db, did);
  const { sales_livemode: livemode } = await salesSettings(deps.db);
  const setting = (await deps.payments.getSetting(livemode, STORE_DONATION_MOUNT)) ?? null;
  const off = {
    livemode,
    mountLocation: STORE_DONATION_MOUNT,
    setting,
    target: null,
    developerPercent: DEVELOPER_DONATION_PERCENT,
    developerAccepts: flag(app.accepts_donations),
  };
  if (!setting?.active || !off.developerAccepts) return off;
  const [selling] = await deps.payments.listCurrencies(livemode);
  if (!selling) return off;
  await deps.payments.upsertDonation(livemode, {
    target: app.id,
    title: app.title || app.name,
    currency_id: selling.currency.id,
    amount: amountsIn(setting, selling.currency.decimal),
    beneficiaries: [
      {
        name: app.title || app.name,
        address: addressOfDid(app.developer_did),
        percent: DEVELOPER_DONATION_PERCENT,
      },
    ],
  });
  return { ...off, target: app.id };
}
