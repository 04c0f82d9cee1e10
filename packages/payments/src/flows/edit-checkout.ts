import type { Price } from '@kiosk/contracts';
import { checkCustomAmount, CUSTOM_AMOUNT_MESSAGES, KioskError, priceIn } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { reaimInvoice } from '../invoices/service.ts';
import { reaimPaymentIntent } from '../payment-intents/service.ts';
import { loadPrices, priceLines, type StoredLine } from '../prices/queries.ts';
import { productJson } from '../products/table.ts';
import type { Buyer } from '../schemas.ts';
import { lockOpenOrder } from './order.ts';

/**
 * Seed 000 §4: upsell and downsell swap a line between a price and its upsell price; cross-sell adds
 * or removes an extra item; a custom-amount line takes the buyer's amount. Every change re-prices the
 * session, and a submitted session's intent and open invoice follow, each with its event. Nothing may
 * change once the order is paid, expired, or a payment for it is being checked.
 */

export type LineEdit = (
  lines: StoredLine[],
  trx: Executor,
  livemode: boolean,
  currencyId: string,
) => Promise<StoredLine[]>;

/** Changes the lines of `buyer`'s session (undefined: an anonymous page, for a session with no buyer yet). */
export async function editLines(
  deps: Deps,
  sessionId: string,
  buyer: Buyer | undefined,
  edit: LineEdit,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const { session, intent } = await lockOpenOrder(deps, trx, sessionId, buyer);
    const livemode = flag(session.livemode);
    const lines = await edit(
      checkoutSessionJson.line_items.read(session.line_items),
      trx,
      livemode,
      session.currency_id,
    );
    const priced = await priceLines(trx, livemode, lines, session.currency_id, 'line_items');
    const total = priced.total.toString();
    await deps.resources.checkoutSessions.update(
      trx,
      sessionId,
      {
        line_items: checkoutSessionJson.line_items.write(priced.lines),
        amount_subtotal: total,
        amount_total: total,
        mode: priced.mode,
      },
      'checkout.session.updated',
    );
    if (intent) await reaimPaymentIntent(deps, trx, intent.id, { amount: priced.total });
    if (session.invoice_id)
      await reaimInvoice(deps, trx, session.invoice_id, { total: priced.total, lines: priced.lines });
  });
}

async function priceOf(trx: Executor, livemode: boolean, id: string): Promise<Price> {
  const price = (await loadPrices(trx, livemode, [id])).get(id);
  if (!price || !price.active) throw new KioskError('PRICE_NOT_FOUND', { status: 404 });
  return price;
}

export const upsell =
  (from: string, to: string): LineEdit =>
  async (lines, trx, livemode) => {
    const index = lines.findIndex((l) => l.price_id === from);
    if (index < 0) throw new KioskError('LINE_NOT_FOUND', { status: 404 });
    const price = await priceOf(trx, livemode, from);
    if (price.upsell?.upsells_to_id !== to) throw new KioskError('UPSELL_NOT_OFFERED', { status: 400 });
    return lines.map((l, i) => (i === index ? { ...l, price_id: to, upsell_price_id: from } : l));
  };

export const downsell =
  (from: string): LineEdit =>
  async (lines) => {
    const line = lines.find((l) => l.price_id === from && l.upsell_price_id);
    if (!line) throw new KioskError('LINE_NOT_FOUND', { status: 404 });
    return lines.map((l) => {
      if (l !== line) return l;
      const { upsell_price_id: original, ...rest } = l;
      return { ...rest, price_id: original! };
    });
  };

/** The price offered beside the session: its first line's product's cross-sell, if payable here. */
export async function crossSellPrice(
  db: Executor,
  livemode: boolean,
  lines: StoredLine[],
  currencyId: string,
): Promise<Price | undefined> {
  const first = lines.find((l) => !l.cross_sell);
  if (!first) return undefined;
  const price = (await loadPrices(db, livemode, [first.price_id])).get(first.price_id);
  if (!price) return undefined;
  const product = await db
    .selectFrom('products')
    .select('cross_sell')
    .where('id', '=', price.product_id)
    .executeTakeFirst();
  const targetId = productJson.cross_sell.read(product?.cross_sell)?.cross_sells_to_id;
  if (!targetId) return undefined;
  const target = (await loadPrices(db, livemode, [targetId])).get(targetId);
  return target && target.active && priceIn(target, currencyId) ? target : undefined;
}

export const addCrossSell =
  (to: string): LineEdit =>
  async (lines, trx, livemode, currencyId) => {
    const offered = await crossSellPrice(trx, livemode, lines, currencyId);
    if (!offered || offered.id !== to) throw new KioskError('CROSS_SELL_NOT_OFFERED', { status: 400 });
    if (lines.some((l) => l.price_id === to)) return lines;
    return [...lines, { price_id: to, quantity: 1, cross_sell: true }];
  };

export const removeCrossSell = (): LineEdit => async (lines) => lines.filter((l) => !l.cross_sell);

export const setCustomAmount =
  (priceId: string, amount: bigint): LineEdit =>
  async (lines, trx, livemode, currencyId) => {
    const index = lines.findIndex((l) => l.price_id === priceId);
    if (index < 0) throw new KioskError('LINE_NOT_FOUND', { status: 404 });
    const terms = priceIn(await priceOf(trx, livemode, priceId), currencyId);
    if (!terms?.custom) throw new KioskError('PRICE_NOT_CUSTOM', { status: 400 });
    const problem = checkCustomAmount(terms.custom, amount);
    if (problem) {
      throw new KioskError('VALIDATION_FAILED', {
        details: [{ path: 'body.amount', message: CUSTOM_AMOUNT_MESSAGES[problem] }],
      });
    }
    // Seed 000 §5: no more decimal places than the currency's maximum_precision.
    const currency = await trx
      .selectFrom('payment_currencies')
      .select(['decimal', 'maximum_precision'])
      .where('id', '=', currencyId)
      .executeTakeFirstOrThrow();
    const step = 10n ** BigInt(Math.max(0, Number(currency.decimal) - Number(currency.maximum_precision)));
    if (amount % step !== 0n) {
      throw new KioskError('VALIDATION_FAILED', {
        details: [{ path: 'body.amount', message: 'validation.amountPrecision' }],
      });
    }
    return lines.map((l, i) => (i === index ? { ...l, custom_amount: amount.toString() } : l));
  };
