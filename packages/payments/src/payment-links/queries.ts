import type { PageQuery, PaymentLink } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import { type Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { paymentLinkView } from './view.ts';

/** The currency a link's session starts in: the link's own, else its first price's. */
export async function linkCurrency(
  db: Executor,
  livemode: boolean,
  currencyId: string | null,
  firstPriceId: string,
): Promise<string> {
  if (currencyId) return currencyId;
  const price = await db
    .selectFrom('prices')
    .select('currency_id')
    .where('id', '=', firstPriceId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!price)
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'body.line_items.0.price_id', message: 'validation.unknownPrice' }],
    });
  return price.currency_id;
}

/** `livemode` undefined finds a link of either mode (a buyer's page knows only the id). */
export async function getPaymentLink(
  db: Executor,
  livemode: boolean | undefined,
  id: string,
  baseUrl: string,
): Promise<PaymentLink | undefined> {
  let query = db.selectFrom('payment_links').selectAll().where('id', '=', id);
  if (livemode !== undefined) query = query.where('livemode', '=', livemode);
  const row = await query.executeTakeFirst();
  return row && paymentLinkView(row, baseUrl);
}

export async function listPaymentLinks(db: Executor, livemode: boolean, baseUrl: string, paging: PageQuery) {
  const query = db.selectFrom('payment_links').where('livemode', '=', livemode);
  const { rows, count } = await pageOf<PaymentsTables, 'payment_links'>(query, paging);
  return { list: rows.map((row) => paymentLinkView(row, baseUrl)), count };
}

/** The donation link of `target` in a mode (one at most: a unique index keeps it so). */
export async function findLinkIdByTarget(
  db: Executor,
  livemode: boolean,
  target: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_links')
    .select('id')
    .where('livemode', '=', livemode)
    .where('donation_target', '=', target)
    .executeTakeFirst();
  return row?.id;
}
