import type { LineItemInput, Price } from '@kiosk/contracts';
import { checkCustomAmount, KioskError, lineTotal, MAX_AMOUNT, priceIn, type ErrorDetail } from '@kiosk/core';
import { fromJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { priceView } from './view.ts';

/** A line as a session stores it: the buyer's choices, not derived amounts. */
export interface StoredLine {
  price_id: string;
  quantity: number;
  custom_amount?: string;
  upsell_price_id?: string;
  cross_sell: boolean;
}

export interface PricedLines {
  lines: StoredLine[];
  prices: Map<string, Price>;
  mode: 'payment' | 'subscription';
  total: bigint;
}

export async function loadPrices(
  db: Executor,
  livemode: boolean,
  ids: string[],
): Promise<Map<string, Price>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('prices')
    .selectAll()
    .where('id', 'in', ids)
    .where('livemode', '=', livemode)
    .execute();
  return new Map(rows.map((row) => [row.id, priceView(row)]));
}

/**
 * Checks lines against their prices in the session currency and totals them. Every broken rule is a
 * detail; seed 000 §5: only one line may carry a custom amount.
 */
export async function priceLines(
  db: Executor,
  livemode: boolean,
  lines: (LineItemInput | StoredLine)[],
  currencyId: string,
  path = 'body.line_items',
): Promise<PricedLines> {
  const prices = await loadPrices(
    db,
    livemode,
    lines.map((l) => l.price_id),
  );
  const problems: ErrorDetail[] = [];
  let total = 0n;
  let customLines = 0;
  let recurring = false;
  for (const [index, line] of lines.entries()) {
    const price = prices.get(line.price_id);
    if (!price || !price.active) {
      problems.push({ path: `${path}.${index}.price_id`, message: 'validation.unknownPrice' });
      continue;
    }
    const terms = priceIn(price, currencyId);
    if (!terms) {
      problems.push({ path: `${path}.${index}.price_id`, message: 'validation.currencyNotOffered' });
      continue;
    }
    recurring ||= price.type === 'recurring';
    if (terms.custom) {
      customLines++;
      if (line.custom_amount !== undefined && checkCustomAmount(terms.custom, BigInt(line.custom_amount))) {
        problems.push({
          path: `${path}.${index}.custom_amount`,
          message: 'validation.customAmountOutOfRange',
        });
      }
    }
    total += lineTotal(
      terms,
      line.quantity,
      line.custom_amount === undefined ? undefined : BigInt(line.custom_amount),
    );
  }
  if (customLines > 1) {
    throw new KioskError('MULTIPLE_CUSTOM_AMOUNTS', { status: 400 });
  }
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
  // Every amount fits uint256 on its own; a sum or a quantity can still overflow what a chain holds.
  if (total > MAX_AMOUNT) throw new KioskError('AMOUNT_TOO_LARGE', { status: 400 });
  return {
    lines: lines.map((l) => ({
      price_id: l.price_id,
      quantity: l.quantity,
      ...(l.custom_amount !== undefined ? { custom_amount: l.custom_amount } : {}),
      ...('upsell_price_id' in l && l.upsell_price_id ? { upsell_price_id: l.upsell_price_id } : {}),
      cross_sell: l.cross_sell ?? false,
    })),
    prices,
    mode: recurring ? 'subscription' : 'payment',
    total,
  };
}

export interface Stock {
  quantity_available: number;
  quantity_sold: number;
  quantity_limit_per_checkout: number;
}

/** How many of each price `lines` take. */
export function quantitiesOf(lines: { price_id: string; quantity: number }[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.price_id, (wanted.get(line.price_id) ?? 0) + line.quantity);
  return wanted;
}

/**
 * The stock of these prices, held until the transaction ends, so that counting what is left and
 * taking it is one step: PostgreSQL locks the rows (in id order, so two orders never wait for each
 * other in a circle); SQLite has one writer at a time. Read after the lock, so it is the latest.
 */
export async function lockStock(deps: Deps, trx: Executor, priceIds: string[]): Promise<Map<string, Stock>> {
  const ids = [...new Set(priceIds)].sort();
  if (ids.length === 0) return new Map();
  let query = trx
    .selectFrom('prices')
    .select(['id', 'quantity_available', 'quantity_sold', 'quantity_limit_per_checkout'])
    .where('id', 'in', ids)
    .orderBy('id');
  if (deps.engine === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        quantity_available: Number(row.quantity_available),
        quantity_sold: Number(row.quantity_sold),
        quantity_limit_per_checkout: Number(row.quantity_limit_per_checkout),
      },
    ]),
  );
}

/**
 * Stock held by orders not yet paid, per price. A session holds its lines' quantities while it is
 * submitted (it has a payment intent, not succeeded or canceled), open, and not past `expires_at` by
 * the clock: a hold ends by itself when the session expires, closes or completes (then
 * `quantity_sold` counts it). `exceptSessionId`'s own hold is left out, so a re-submit (a currency
 * change) is never refused for the stock it already holds. Call with the prices locked (lockStock).
 */
export async function heldQuantities(
  deps: Deps,
  trx: Executor,
  priceIds: string[],
  exceptSessionId: string,
): Promise<Map<string, number>> {
  const ids = new Set(priceIds);
  if (ids.size === 0) return new Map();
  const holding = await trx
    .selectFrom('checkout_sessions')
    .innerJoin('payment_intents', 'payment_intents.id', 'checkout_sessions.payment_intent_id')
    .select('checkout_sessions.line_items')
    .where('checkout_sessions.status', '=', 'open')
    .where('checkout_sessions.expires_at', '>', deps.clock.nowUnix())
    .where('checkout_sessions.id', '!=', exceptSessionId)
    .where('payment_intents.status', 'not in', ['succeeded', 'canceled'])
    // Only sessions that mention one of the prices (the lines are JSON text; matched exactly below).
    .where((eb) => eb.or([...ids].map((id) => eb('checkout_sessions.line_items', 'like', `%${id}%`))))
    .execute();
  const held = new Map<string, number>();
  for (const session of holding) {
    for (const [priceId, quantity] of quantitiesOf(fromJson<StoredLine[]>(session.line_items, []))) {
      if (ids.has(priceId)) held.set(priceId, (held.get(priceId) ?? 0) + quantity);
    }
  }
  return held;
}
