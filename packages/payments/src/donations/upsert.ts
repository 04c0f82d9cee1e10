import {
  paymentLinkInput,
  priceFields,
  productInput,
  type donationUpsert,
  type PaymentLink,
} from '@kiosk/contracts';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { createProduct } from '../flows/create-product.ts';
import { createPaymentLink } from '../payment-links/service.ts';
import { findLinkIdByTarget, getPaymentLink } from '../payment-links/queries.ts';
import { paymentLinkJson } from '../payment-links/table.ts';
import { insertPrice } from '../prices/service.ts';
import { getPrice } from '../prices/queries.ts';

type Upsert = z.infer<typeof donationUpsert>;

/**
 * POST /api/donations: the donation link of `input.target`, made the first time (a product, its
 * pay-what-you-want price, the link) or brought up to date. Settings change in place; other amounts
 * or another currency make a new price on the same product, and the link sells that one from now on
 * (prices never change under earlier donations). Answers the link and whether it is new. Two first
 * calls for one target at once: the unique target keeps one link, the other call is refused with 409.
 */
export async function upsertDonation(
  deps: Deps,
  livemode: boolean,
  input: Upsert,
): Promise<{ link: PaymentLink; created: boolean }> {
  const { currency_id, amount, ...settings } = input;
  const price = priceFields.parse({ currency_id, custom_unit_amount: amount });
  const existing = await findLinkIdByTarget(deps.db, livemode, input.target);
  if (!existing) {
    const product = await createProduct(
      deps,
      livemode,
      productInput.parse({
        name: settings.title ?? settings.target,
        description: settings.description ?? null,
        metadata: { donation_target: settings.target },
        prices: [{ currency_id, custom_unit_amount: amount }],
      }),
    );
    const link = await createPaymentLink(
      deps,
      livemode,
      paymentLinkInput.parse({
        line_items: [{ price_id: product.prices[0]!.id }],
        donation_settings: settings,
      }),
    );
    return { link, created: true };
  }
  await transaction(deps.db, async (trx) => {
    const row = await trx
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', existing)
      .executeTakeFirstOrThrow();
    const [line] = paymentLinkJson.line_items.read(row.line_items);
    const current = (await getPrice(trx, livemode, line!.price_id))!;
    const same = current.currency_id === currency_id && sameAmounts(current.custom_unit_amount, amount);
    const written = paymentLinkJson.donation_settings.write(settings);
    // A host sends the same on every start: then there is nothing to write, and no event.
    if (same && written === row.donation_settings && row.currency_id === null) return;
    const priceId = same ? line!.price_id : await insertPrice(deps, trx, livemode, current.product_id, price);
    await deps.resources.paymentLinks.update(
      trx,
      existing,
      {
        donation_settings: written,
        line_items: paymentLinkJson.line_items.write([{ ...line!, price_id: priceId }]),
        currency_id: null,
      },
      'payment_link.updated',
    );
  });
  return { link: (await getPaymentLink(deps.db, livemode, existing, deps.baseUrl))!, created: false };
}

type Amounts = {
  presets: readonly string[];
  preset?: string | null;
  minimum?: string | null;
  maximum?: string | null;
  custom?: boolean;
};

const sameAmounts = (a: Amounts | null, b: Amounts) =>
  a !== null &&
  a.presets.join() === b.presets.join() &&
  (a.preset ?? null) === (b.preset ?? null) &&
  (a.minimum ?? null) === (b.minimum ?? null) &&
  (a.maximum ?? null) === (b.maximum ?? null) &&
  (a.custom ?? true) === (b.custom ?? true);
