import { KioskError, newId, nowUnix } from '@kiosk/core';
import type { z } from 'zod';
import { priceLines } from '../checkout-sessions/lines.ts';
import { flag, fromJson, pageOf, stamps, toJson, type Executor, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { PaymentsTables } from '../tables.ts';
import type { PaymentLink, paymentLinkInput, paymentLinkUpdate } from './schema.ts';

export function paymentLinkView(row: PaymentsTables['payment_links'], baseUrl: string): PaymentLink {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    name: row.name,
    active: flag(row.active),
    line_items: fromJson(row.line_items, []),
    currency_id: row.currency_id,
    after_completion: fromJson(row.after_completion, {}),
    phone_number_collection: fromJson(row.phone_number_collection, { enabled: false }),
    billing_address_collection: row.billing_address_collection,
    submit_type: row.submit_type,
    subscription_data: fromJson(row.subscription_data, {}),
    cross_sell_behavior: row.cross_sell_behavior,
    donation_settings: fromJson(row.donation_settings, null),
    metadata: fromJson(row.metadata, {}),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

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
  db: PaymentsDb,
  livemode: boolean,
  baseUrl: string,
  input: z.infer<typeof paymentLinkInput>,
): Promise<PaymentLink> {
  const id = newId('paymentLink');
  await db.transaction().execute(async (trx) => {
    const currency = await linkCurrency(trx, livemode, input.currency_id, input.line_items[0]!.price_id);
    await priceLines(trx, livemode, input.line_items, currency);
    await trx
      .insertInto('payment_links')
      .values({
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
        ...stamps(),
      })
      .execute();
    await recordEvent(trx, { type: 'payment_link.created', livemode, objectId: id, data: { id } });
  });
  return (await getPaymentLink(db, livemode, id, baseUrl))!;
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

export async function listPaymentLinks(
  db: Executor,
  livemode: boolean,
  baseUrl: string,
  page: number,
  pageSize: number,
) {
  const query = db.selectFrom('payment_links').where('livemode', '=', livemode);
  const { rows, count } = await pageOf(query, { page, pageSize });
  return { list: rows.map((row) => paymentLinkView(row, baseUrl)), count };
}

export async function updatePaymentLink(
  db: PaymentsDb,
  livemode: boolean,
  baseUrl: string,
  id: string,
  input: z.infer<typeof paymentLinkUpdate>,
): Promise<PaymentLink> {
  await db.transaction().execute(async (trx) => {
    const { metadata, ...fields } = input;
    const result = await trx
      .updateTable('payment_links')
      .set({ ...fields, ...(metadata ? { metadata: toJson(metadata) } : {}), updated_at: nowUnix() })
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
    await recordEvent(trx, { type: 'payment_link.updated', livemode, objectId: id, data: input });
  });
  return (await getPaymentLink(db, livemode, id, baseUrl))!;
}
