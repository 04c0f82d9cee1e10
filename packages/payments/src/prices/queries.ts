import type { LineItemInput, PageQuery, Price } from '@kiosk/contracts';
import {
  checkCustomAmount,
  CUSTOM_AMOUNT_MESSAGES,
  KioskError,
  lineTotal,
  MAX_AMOUNT,
  priceIn,
  type ErrorDetail,
} from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import { type Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
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
  known?: ReadonlyMap<string, Price>,
): Promise<Map<string, Price>> {
  const prices = new Map<string, Price>();
  for (const id of ids) if (known?.has(id)) prices.set(id, known.get(id)!);
  const missing = [...new Set(ids.filter((id) => !prices.has(id)))];
  if (missing.length === 0) return prices;
  const rows = await db
    .selectFrom('prices')
    .selectAll()
    .where('id', 'in', missing)
    .where('livemode', '=', livemode)
    .execute();
  for (const row of rows) prices.set(row.id, priceView(row));
  return prices;
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
      const problem =
        line.custom_amount === undefined
          ? undefined
          : checkCustomAmount(terms.custom, BigInt(line.custom_amount));
      if (problem) {
        problems.push({ path: `${path}.${index}.custom_amount`, message: CUSTOM_AMOUNT_MESSAGES[problem] });
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

/** How many of each price `lines` take. */
export function quantitiesOf(lines: { price_id: string; quantity: number }[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.price_id, (wanted.get(line.price_id) ?? 0) + line.quantity);
  return wanted;
}

export async function getPrice(db: Executor, livemode: boolean, id: string): Promise<Price | undefined> {
  const row = await db
    .selectFrom('prices')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && priceView(row);
}

export async function listPrices(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { product_id?: string; active?: boolean },
): Promise<{ list: Price[]; count: number }> {
  let query = db.selectFrom('prices').where('livemode', '=', livemode);
  if (filter.product_id) query = query.where('product_id', '=', filter.product_id);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const { rows, count } = await pageOf<PaymentsTables, 'prices'>(query, filter);
  return { list: rows.map(priceView), count };
}
