import { KioskError, newId, nowUnix, type ErrorDetail } from '@kiosk/core';
import type { z } from 'zod';
import { flag, fromJson, moneyText, pageOf, stamps, toJson, type Executor, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import { getPaymentCurrency } from '../payment-methods/service.ts';
import type { PaymentsTables } from '../tables.ts';
import type { Price, PriceFields, priceUpdate } from './schema.ts';

type PriceRow = PaymentsTables['prices'];

export function priceView(row: PriceRow): Price {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    product_id: row.product_id,
    type: row.type,
    nickname: row.nickname,
    lookup_key: row.lookup_key,
    currency_id: row.currency_id,
    unit_amount: moneyText(row.unit_amount),
    currency_options: fromJson(row.currency_options, []),
    custom_unit_amount: fromJson(row.custom_unit_amount, null),
    recurring: fromJson(row.recurring, null),
    upsell: fromJson(row.upsell, null),
    quantity_available: Number(row.quantity_available),
    quantity_sold: Number(row.quantity_sold),
    quantity_limit_per_checkout: Number(row.quantity_limit_per_checkout),
    active: flag(row.active),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The rules a price must keep that a schema alone cannot state; every broken one is reported. */
async function checkPrice(db: Executor, livemode: boolean, input: PriceFields, path: string): Promise<void> {
  const problems: ErrorDetail[] = [];
  if (input.type === 'recurring' && !input.recurring)
    problems.push({ path: `${path}.recurring`, message: 'validation.recurringRequired' });
  if (input.type === 'one_time' && input.recurring)
    problems.push({ path: `${path}.recurring`, message: 'validation.recurringNotAllowed' });
  for (const [index, currencyId] of [
    input.currency_id,
    ...input.currency_options.map((o) => o.currency_id),
  ].entries()) {
    const currency = await getPaymentCurrency(db, livemode, currencyId);
    if (!currency) {
      problems.push({
        path: index === 0 ? `${path}.currency_id` : `${path}.currency_options.${index - 1}.currency_id`,
        message: 'validation.unknownCurrency',
      });
    }
  }
  const ranges = [
    { custom: input.custom_unit_amount, at: `${path}.custom_unit_amount` },
    ...input.currency_options.map((o, i) => ({
      custom: o.custom_unit_amount,
      at: `${path}.currency_options.${i}.custom_unit_amount`,
    })),
  ];
  for (const { custom, at } of ranges) {
    if (!custom) continue;
    const min = BigInt(custom.minimum ?? '0');
    const max = custom.maximum === undefined ? undefined : BigInt(custom.maximum);
    if (max !== undefined && max < min)
      problems.push({ path: `${at}.maximum`, message: 'validation.maximumBelowMinimum' });
    for (const [name, value] of [
      ['preset', custom.preset],
      ...custom.presets.map((p, i) => [`presets.${i}`, p]),
    ] as [string, string | undefined][]) {
      if (value === undefined) continue;
      const amount = BigInt(value);
      if (amount < min || (max !== undefined && amount > max))
        problems.push({ path: `${at}.${name}`, message: 'validation.presetOutOfRange' });
    }
  }
  if (input.upsell) {
    const target = await db
      .selectFrom('prices')
      .select('id')
      .where('id', '=', input.upsell.upsells_to_id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (!target) problems.push({ path: `${path}.upsell.upsells_to_id`, message: 'validation.unknownPrice' });
  }
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
}

/** Inserts a price; the caller holds the transaction and has checked the product exists. */
export async function insertPrice(
  trx: Executor,
  livemode: boolean,
  productId: string,
  input: PriceFields,
  path = 'body',
): Promise<string> {
  await checkPrice(trx, livemode, input, path);
  const id = newId('price');
  await trx
    .insertInto('prices')
    .values({
      id,
      livemode,
      product_id: productId,
      type: input.type,
      nickname: input.nickname,
      lookup_key: input.lookup_key,
      currency_id: input.currency_id,
      unit_amount: input.unit_amount,
      currency_options: toJson(input.currency_options),
      custom_unit_amount: toJson(input.custom_unit_amount),
      recurring: toJson(input.recurring),
      upsell: toJson(input.upsell),
      quantity_available: input.quantity_available,
      quantity_sold: 0,
      quantity_limit_per_checkout: input.quantity_limit_per_checkout,
      active: input.active,
      metadata: toJson(input.metadata),
      ...stamps(),
    })
    .execute();
  await recordEvent(trx, {
    type: 'price.created',
    livemode,
    objectId: id,
    data: { id, product_id: productId },
  });
  return id;
}

export async function createPrice(
  db: PaymentsDb,
  livemode: boolean,
  input: PriceFields & { product_id: string },
): Promise<Price> {
  const id = await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', input.product_id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (!product) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
    return insertPrice(trx, livemode, input.product_id, input);
  });
  return (await getPrice(db, livemode, id))!;
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
  filter: { product_id?: string; active?: boolean; page: number; pageSize: number },
): Promise<{ list: Price[]; count: number }> {
  let query = db.selectFrom('prices').where('livemode', '=', livemode);
  if (filter.product_id) query = query.where('product_id', '=', filter.product_id);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const { rows, count } = await pageOf(query, filter);
  return { list: rows.map(priceView), count };
}

export async function updatePrice(
  db: PaymentsDb,
  livemode: boolean,
  id: string,
  input: z.infer<typeof priceUpdate>,
): Promise<Price> {
  await db.transaction().execute(async (trx) => {
    const { upsell, metadata, ...fields } = input;
    const result = await trx
      .updateTable('prices')
      .set({
        ...fields,
        ...(upsell !== undefined ? { upsell: toJson(upsell) } : {}),
        ...(metadata ? { metadata: toJson(metadata) } : {}),
        updated_at: nowUnix(),
      })
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new KioskError('PRICE_NOT_FOUND', { status: 404 });
    await recordEvent(trx, { type: 'price.updated', livemode, objectId: id, data: input });
  });
  return (await getPrice(db, livemode, id))!;
}
