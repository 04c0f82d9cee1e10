import type { AppPrice, AppPricing, appPricingInput, PricingCurrency } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { audienceOf, type Viewer } from '../apps/audience.ts';
import { assertDeveloperOf, findApp } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import { salesSettings } from '../reviews/settings.ts';
import type { StoreDb } from '../tables.ts';
import type { AppPricingRow } from './table.ts';
import { pricingJson, pricingView } from './view.ts';

type PricingInput = z.infer<typeof appPricingInput>;

/**
 * Paid apps (issue 24 item 1). The store is one of Kiosk Pay's merchants: it keeps a product per app
 * and mode, and each new pricing is a new price, the one before archived. Kiosk Pay's amounts never
 * change, so what earlier buyers paid, and what their subscriptions renew at, stays as it was.
 */

export async function readPricing(
  db: StoreDb,
  did: string,
  livemode: boolean,
): Promise<AppPricingRow | undefined> {
  return db
    .selectFrom('store_app_pricing')
    .selectAll()
    .where('app_did', '=', did)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
}

/** What a developer may price in: the currencies the store's Kiosk Pay sells in now. */
export async function pricingCurrencies(
  deps: StoreDeps,
): Promise<{ livemode: boolean; store_share_bps: number; list: PricingCurrency[] }> {
  const { sales_livemode: livemode, store_share_bps } = await salesSettings(deps.db);
  const selling = await deps.payments.listCurrencies(livemode);
  return {
    livemode,
    store_share_bps,
    list: selling.map(({ currency, method }) => ({
      id: currency.id,
      symbol: currency.symbol,
      name: currency.name,
      decimal: currency.decimal,
      maximum_precision: currency.maximum_precision,
      method: method.name,
    })),
  };
}

/** The app's pricing in the mode the store sells in, for whoever may see the app. */
export async function getPricing(deps: StoreDeps, did: string, viewer: Viewer): Promise<AppPricing> {
  const app = await findApp(deps.db, did);
  if (!app || audienceOf(app, viewer) === 'none') throw new KioskError('APP_NOT_FOUND', { status: 404 });
  const { sales_livemode: livemode } = await salesSettings(deps.db);
  return pricingView(did, livemode, await readPricing(deps.db, did, livemode));
}

/**
 * Sets the app's pricing in the mode the store sells in: its developer only. Asking for the pricing
 * it has changes nothing (a repeated call makes no new price).
 */
export async function setPricing(
  deps: StoreDeps,
  developerDid: string,
  did: string,
  input: PricingInput,
): Promise<AppPricing> {
  return transaction(deps.db, async (trx) => {
    const app = await findApp(trx, did);
    if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    assertDeveloperOf(app, developerDid);
    const { sales_livemode: livemode } = await salesSettings(trx);
    const current = await readPricing(trx, did, livemode);
    if (current && samePricing(current, input)) return pricingView(did, livemode, current);

    const { payments } = deps;
    const prices = await pricesIn(deps, livemode, input.prices);
    let productId = current?.product_id ?? null;
    let priceId: string | null = null;
    if (input.type !== 'free') {
      productId ??= (
        await payments.createProduct(livemode, {
          name: app.title || app.name,
          description: app.description,
          metadata: { store_app_did: did },
        })
      ).id;
      const [first, ...others] = input.prices;
      priceId = (
        await payments.createPrice(livemode, {
          product_id: productId,
          type: input.type === 'subscription' ? 'recurring' : 'one_time',
          currency_id: first!.currency_id,
          unit_amount: first!.unit_amount,
          currency_options: others,
          recurring: input.interval ? { interval: input.interval } : null,
          metadata: { store_app_did: did },
        })
      ).id;
    }
    if (current?.price_id) await payments.updatePrice(livemode, current.price_id, { active: false });

    const now = deps.clock.nowUnix();
    const fields = {
      type: input.type,
      interval: input.interval,
      prices: pricingJson.prices.write(prices),
      product_id: productId,
      price_id: priceId,
      updated_at: now,
    };
    const row = current
      ? await deps.resources.pricing.update(trx, current.id, fields, 'app_pricing.updated')
      : await deps.resources.pricing.insert(
          trx,
          { id: newId('appPricing'), app_did: did, livemode, created_at: now, ...fields },
          'app_pricing.created',
        );
    return pricingView(did, livemode, row);
  });
}

/** The prices asked, each with how its currency is shown; a currency Kiosk Pay does not sell in is refused. */
async function pricesIn(
  deps: StoreDeps,
  livemode: boolean,
  asked: PricingInput['prices'],
): Promise<AppPrice[]> {
  const prices: AppPrice[] = [];
  for (const [index, price] of asked.entries()) {
    const currency = await deps.payments.getPaymentCurrency(livemode, price.currency_id);
    if (!currency?.active)
      throw new KioskError('PRICING_CURRENCY_NOT_FOUND', {
        status: 400,
        params: { currency: price.currency_id },
        details: [{ path: `body.prices.${index}.currency_id`, message: 'validation.pricingCurrency' }],
      });
    const { symbol, decimal, maximum_precision } = currency;
    prices.push({ ...price, symbol, decimal, maximum_precision });
  }
  return prices;
}

function samePricing(row: AppPricingRow, input: PricingInput): boolean {
  return (
    row.type === input.type &&
    row.interval === input.interval &&
    JSON.stringify(
      pricingJson.prices
        .read(row.prices)
        .map(({ currency_id, unit_amount }) => ({ currency_id, unit_amount })),
    ) === JSON.stringify(input.prices)
  );
}
