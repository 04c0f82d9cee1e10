import type { Price, PriceFields, priceUpdate } from '@kiosk/contracts';
import { KioskError, newId, type ErrorDetail } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { getPrice } from './queries.ts';
import { priceJson } from './table.ts';
import { getPaymentCurrency } from '../payment-methods/queries.ts';

/**
 * Metered prices bill what was used, which needs usage records and their billing (issue 11): until
 * those exist a metered price would be charged as if licensed, so it is refused outright, with its own
 * code so that a caller can tell "not yet" from a mistake in the request.
 */
function refuseMetered(input: PriceFields, path: string): void {
  if (input.recurring?.usage_type === 'metered')
    throw new KioskError('METERED_NOT_SUPPORTED', {
      status: 400,
      details: [{ path: `${path}.recurring.usage_type`, message: 'error.METERED_NOT_SUPPORTED' }],
    });
}

/** The rules a price must keep that a schema alone cannot state; every broken one is reported. */
async function checkPrice(db: Executor, livemode: boolean, input: PriceFields, path: string): Promise<void> {
  refuseMetered(input, path);
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
    // Presets only: there must be one, and the amount chosen first must be one of them.
    if (custom.custom === false) {
      if (!custom.presets.length)
        problems.push({ path: `${at}.presets`, message: 'validation.presetsRequired' });
      else if (
        custom.preset !== undefined &&
        !custom.presets.some((p) => BigInt(p) === BigInt(custom.preset!))
      )
        problems.push({ path: `${at}.preset`, message: 'validation.presetNotListed' });
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
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  productId: string,
  input: PriceFields,
  path = 'body',
): Promise<string> {
  await checkPrice(trx, livemode, input, path);
  const id = newId('price');
  await deps.resources.prices.insert(
    trx,
    {
      id,
      livemode,
      product_id: productId,
      type: input.type,
      nickname: input.nickname,
      lookup_key: input.lookup_key,
      currency_id: input.currency_id,
      unit_amount: input.unit_amount,
      currency_options: priceJson.currency_options.write(input.currency_options),
      custom_unit_amount: priceJson.custom_unit_amount.write(input.custom_unit_amount),
      recurring: priceJson.recurring.write(input.recurring),
      upsell: priceJson.upsell.write(input.upsell),
      quantity_available: input.quantity_available,
      quantity_sold: 0,
      quantity_limit_per_checkout: input.quantity_limit_per_checkout,
      active: input.active,
      metadata: priceJson.metadata.write(input.metadata),
      ...stamps(deps.clock),
    },
    'price.created',
  );
  return id;
}

export async function createPrice(
  deps: Deps,
  livemode: boolean,
  input: PriceFields & { product_id: string },
): Promise<Price> {
  const id = await transaction(deps.db, async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', input.product_id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (!product) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
    return insertPrice(deps, trx, livemode, input.product_id, input);
  });
  return (await getPrice(deps.db, livemode, id))!;
}

export async function updatePrice(
  deps: Deps,
  livemode: boolean,
  id: string,
  input: z.infer<typeof priceUpdate>,
): Promise<Price> {
  if (!(await getPrice(deps.db, livemode, id))) throw new KioskError('PRICE_NOT_FOUND', { status: 404 });
  const { upsell, metadata, ...fields } = input;
  await deps.resources.prices.update(
    deps.db,
    id,
    {
      ...fields,
      ...(upsell !== undefined ? { upsell: priceJson.upsell.write(upsell) } : {}),
      ...(metadata ? { metadata: priceJson.metadata.write(metadata) } : {}),
    },
    'price.updated',
  );
  return (await getPrice(deps.db, livemode, id))!;
}
