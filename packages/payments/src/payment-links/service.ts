import type { PaymentLink, paymentLinkInput, paymentLinkUpdate } from '@kiosk/contracts';
import { KioskError, newId, type ErrorDetail } from '@kiosk/core';
import { isUniqueViolation, transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps } from '../db.ts';
import type { Deps } from '../deps.ts';
import { priceLines, type PricedLines } from '../prices/queries.ts';
import { findLinkIdByTarget, getPaymentLink, linkCurrency } from './queries.ts';
import { paymentLinkJson } from './table.ts';

export async function createPaymentLink(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof paymentLinkInput>,
): Promise<PaymentLink> {
  const id = newId('paymentLink');
  const target = input.donation_settings?.target ?? null;
  await transaction(deps.db, async (trx) => {
    if (target && (await findLinkIdByTarget(trx, livemode, target))) throw targetTaken(target);
    const currency = await linkCurrency(trx, livemode, input.currency_id, input.line_items[0]!.price_id);
    const priced = await priceLines(trx, livemode, input.line_items, currency);
    if (input.donation_settings) checkDonationLink(input, priced);
    await deps.resources.paymentLinks.insert(
      trx,
      {
        id,
        livemode,
        name: input.name,
        active: input.active,
        line_items: paymentLinkJson.line_items.write(input.line_items),
        currency_id: input.currency_id,
        after_completion: paymentLinkJson.after_completion.write(input.after_completion),
        phone_number_collection: paymentLinkJson.phone_number_collection.write(input.phone_number_collection),
        billing_address_collection: input.billing_address_collection,
        submit_type: input.donation_settings ? 'donate' : input.submit_type,
        subscription_data: paymentLinkJson.subscription_data.write(input.subscription_data),
        cross_sell_behavior: input.cross_sell_behavior,
        donation_settings: paymentLinkJson.donation_settings.write(input.donation_settings),
        donation_target: target,
        metadata: paymentLinkJson.metadata.write(input.metadata),
        ...stamps(deps.clock),
      },
      'payment_link.created',
    );
  }).catch((error: unknown) => {
    // Two links for one target side by side: the database's unique index took one.
    throw target && isUniqueViolation(error) ? targetTaken(target) : error;
  });
  return (await getPaymentLink(deps.db, livemode, id, deps.baseUrl))!;
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
    { ...fields, ...(metadata ? { metadata: paymentLinkJson.metadata.write(metadata) } : {}) },
    'payment_link.updated',
  );
  return (await getPaymentLink(deps.db, livemode, id, deps.baseUrl))!;
}

/**
 * A donation link (seed 000 §2) sells one pay-what-you-want amount, once: its price's custom amount
 * (presets, minimum, maximum) is what a donor may give. Its submit_type is `donate`.
 */
function checkDonationLink(input: z.infer<typeof paymentLinkInput>, priced: PricedLines): void {
  const problems: ErrorDetail[] = [];
  const price = priced.prices.get(input.line_items[0]!.price_id)!;
  if (input.line_items.length !== 1 || !price.custom_unit_amount || priced.mode !== 'payment')
    problems.push({ path: 'body.line_items', message: 'validation.donationNeedsCustomAmount' });
  if (input.submit_type !== 'auto' && input.submit_type !== 'donate')
    problems.push({ path: 'body.submit_type', message: 'validation.donationSubmitType' });
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
}

const targetTaken = (target: string) =>
  new KioskError('DONATION_TARGET_TAKEN', { status: 409, params: { target } });
