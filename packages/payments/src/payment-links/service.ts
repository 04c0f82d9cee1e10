import type { PageQuery, PaymentLink, paymentLinkInput, paymentLinkUpdate } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import type { z } from 'zod';
import { priceLines } from '../prices/lines.ts';
import { stamps, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
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

export async function createPaymentLink(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof paymentLinkInput>,
): Promise<PaymentLink> {
  const id = newId('paymentLink');
  await transaction(deps.db, async (trx) => {
    const currency = await linkCurrency(trx, livemode, input.currency_id, input.line_items[0]!.price_id);
    await priceLines(trx, livemode, input.line_items, currency);
    await deps.resources.paymentLinks.insert(
      trx,
      {
        id,
        livemode,
        name: input.name,
        active: input.active,
        line_items: toJson(input.line_items),
        currency_id: input.currency_id,
        after_completion: toJson(input.after_completion),
        phone_number_collection: toJson(input.phone_number_collection),
        billing_address_collection: input.billing_address_collection,
        submit_type: input.submit_type,
        subscription_data: toJson(input.subscription_data),
        cross_sell_behavior: input.cross_sell_behavior,
        donation_settings: toJson(input.donation_settings),
        metadata: toJson(input.metadata),
        ...stamps(deps.clock),
      },
      'payment_link.created',
    );
  });
  return (await getPaymentLink(deps.db, livemode, id, deps.baseUrl))!;
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

export async function updatePaymentLink(
  deps: Deps,
  livemode: boolean,
  id: string,
  input: z.infer<typeof paymentLinkUpdate>,
): Promise<PaymentLink> {
  if (!(await getPaymentLink(deps.db, livemode, id, deps.baseUrl)))
    throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
  const { metadata, ...fields } = input;
  await deps.resources.paymentLinks.update(
    deps.db,
    id,
    { ...fields, ...(metadata ? { metadata: toJson(metadata) } : {}) },
    'payment_link.updated',
  );
  return (await getPaymentLink(deps.db, livemode, id, deps.baseUrl))!;
}
