import type { CheckoutSession, Price, SessionSubscription } from '@kiosk/contracts';
import { lineTotal, priceIn } from '@kiosk/core';
import { flag, fromJson, moneyText, type Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { getSubscription } from '../subscriptions/service.ts';
import { loadPrices, type StoredLine } from '../prices/lines.ts';

type SessionRow = PaymentsTables['checkout_sessions'];

/** A session as its events carry it: the stored lines, no prices expanded (as Stripe's webhooks). */
export type SessionSnapshot = Omit<CheckoutSession, 'line_items'> & { line_items: StoredLine[] };

export function sessionSnapshot(row: SessionRow, baseUrl: string): SessionSnapshot {
  return {
    id: row.id,
    object: 'checkout.session',
    livemode: flag(row.livemode),
    mode: row.mode,
    status: row.status,
    payment_status: row.payment_status,
    payment_link_id: row.payment_link_id,
    customer_id: row.customer_id,
    customer_did: row.customer_did,
    currency_id: row.currency_id,
    line_items: fromJson<StoredLine[]>(row.line_items, []),
    amount_subtotal: moneyText(row.amount_subtotal),
    amount_total: moneyText(row.amount_total),
    expires_at: Number(row.expires_at),
    submit_type: row.submit_type,
    cross_sell_behavior: row.cross_sell_behavior,
    phone_number_collection: fromJson(row.phone_number_collection, { enabled: false }),
    billing_address_collection: row.billing_address_collection,
    subscription_data: fromJson(row.subscription_data, {}),
    customer_details: fromJson(row.customer_details, {}),
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    payment_method_id: row.payment_method_id,
    payment_intent_id: row.payment_intent_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    subscriptions: [],
    metadata: fromJson(row.metadata, {}),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Adds each price's product (one query for all of them). */
export async function expandPrices(db: Executor, prices: Map<string, Price>) {
  const productIds = [...new Set([...prices.values()].map((p) => p.product_id))];
  const products = productIds.length
    ? await db
        .selectFrom('products')
        .select(['id', 'name', 'description', 'images', 'unit_label', 'statement_descriptor'])
        .where('id', 'in', productIds)
        .execute()
    : [];
  const byId = new Map(products.map((p) => [p.id, { ...p, images: fromJson<string[]>(p.images, []) }]));
  return (price: Price) => ({ ...price, product: byId.get(price.product_id)! });
}

/** A session as the API answers it: each line with its price, product and upsell offer. */
export async function sessionView(db: Executor, row: SessionRow, baseUrl: string): Promise<CheckoutSession> {
  const snapshot = sessionSnapshot(row, baseUrl);
  const lines = snapshot.line_items;
  const prices = await loadPrices(
    db,
    snapshot.livemode,
    lines.flatMap((l) => [l.price_id, ...(l.upsell_price_id ? [l.upsell_price_id] : [])]),
  );
  // A line not upsold yet shows the offer it may be upsold to (seed 000 §4), so the page can price it.
  const offerOf = (line: StoredLine) =>
    line.upsell_price_id ? undefined : prices.get(line.price_id)?.upsell?.upsells_to_id;
  const offers = lines.map(offerOf).filter((id): id is string => id !== undefined && !prices.has(id));
  if (offers.length)
    for (const [id, price] of await loadPrices(db, snapshot.livemode, offers)) prices.set(id, price);
  const expand = await expandPrices(db, prices);
  return {
    ...snapshot,
    // What a setup page shows of the subscription it sets up (and a subscription checkout's own).
    subscriptions: row.subscription_id ? await sessionSubscriptions(db, row.subscription_id) : [],
    line_items: lines.map((line) => {
      const price = prices.get(line.price_id)!;
      const terms = priceIn(price, row.currency_id);
      // The other price of the upsell pair: the original once upsold, else an active offer.
      const otherId = line.upsell_price_id ?? offerOf(line);
      const other = otherId ? prices.get(otherId) : undefined;
      const upsell = other && (line.upsell_price_id || other.active) ? other : undefined;
      return {
        ...line,
        amount_total: (terms
          ? lineTotal(
              terms,
              line.quantity,
              line.custom_amount === undefined ? undefined : BigInt(line.custom_amount),
            )
          : 0n
        ).toString(),
        price: expand(price),
        ...(upsell ? { upsell_price: expand(upsell) } : {}),
      };
    }),
  };
}

/** The session's subscription with each item's product, or none once it is gone. */
async function sessionSubscriptions(db: Executor, id: string): Promise<SessionSubscription[]> {
  const subscription = await getSubscription(db, id);
  if (!subscription) return [];
  const prices = new Map(
    subscription.items.flatMap((item) => (item.price ? [[item.price.id, item.price]] : [])),
  );
  const expand = await expandPrices(db, prices);
  return [
    {
      ...subscription,
      items: subscription.items.map((item) => ({ ...item, price: item.price && expand(item.price) })),
    },
  ];
}
