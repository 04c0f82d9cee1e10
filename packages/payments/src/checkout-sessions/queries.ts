import type { CheckoutSession, PageQuery, Price, SessionSubscription } from '@kiosk/contracts';
import { KioskError, lineTotal, priceIn, type CheckoutSessionStatus } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { loadPrices, quantitiesOf, type StoredLine } from '../prices/queries.ts';
import { expandPrices } from '../products/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import { checkoutSessionJson, type CheckoutSessionRow as SessionRow } from './table.ts';
import { expireSession } from './service.ts';
import { sessionSnapshot } from './view.ts';
import { getSubscription, trialWithheld } from '../subscriptions/queries.ts';

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
    for (const [priceId, quantity] of quantitiesOf(checkoutSessionJson.line_items.read(session.line_items))) {
      if (ids.has(priceId)) held.set(priceId, (held.get(priceId) ?? 0) + quantity);
    }
  }
  return held;
}

/**
 * A session as the API answers it: each line with its price, product and upsell offer (prices in
 * `known` are not read again).
 */
export async function sessionView(
  db: Executor,
  row: SessionRow,
  baseUrl: string,
  known?: ReadonlyMap<string, Price>,
): Promise<CheckoutSession> {
  const snapshot = sessionSnapshot(row, baseUrl);
  const lines = snapshot.line_items;
  const prices = await loadPrices(
    db,
    snapshot.livemode,
    lines.flatMap((l) => [l.price_id, ...(l.upsell_price_id ? [l.upsell_price_id] : [])]),
    known,
  );
  // A line not upsold yet shows the offer it may be upsold to (seed 000 §4), so the page can price it.
  const offerOf = (line: StoredLine) =>
    line.upsell_price_id ? undefined : prices.get(line.price_id)?.upsell?.upsells_to_id;
  const offers = lines.map(offerOf).filter((id): id is string => id !== undefined && !prices.has(id));
  if (offers.length)
    for (const [id, price] of await loadPrices(db, snapshot.livemode, offers)) prices.set(id, price);
  const expand = await expandPrices(db, prices);
  // Issue 21 item 21: once its buyer is known, whether they have had the trial it offers already.
  const withheld =
    row.mode === 'subscription' &&
    (await trialWithheld(db, {
      livemode: snapshot.livemode,
      taker: row.customer_id
        ? { customerId: row.customer_id }
        : row.customer_did
          ? { did: row.customer_did }
          : undefined,
      productIds: [...new Set(lines.flatMap((line) => prices.get(line.price_id)?.product_id ?? []))],
      data: snapshot.subscription_data,
      except: row.subscription_id,
    }));
  return {
    ...snapshot,
    trial_eligible: !withheld,
    // What a setup page shows of the subscription it sets up (and a subscription checkout's own).
    subscriptions: row.subscription_id ? await sessionSubscriptions(db, row.subscription_id, prices) : [],
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
async function sessionSubscriptions(
  db: Executor,
  id: string,
  known: ReadonlyMap<string, Price>,
): Promise<SessionSubscription[]> {
  const subscription = await getSubscription(db, id, known);
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

export async function findSessionRow(db: Executor, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A session as a buyer's page sees it; an open one past its time is expired on the spot. */
export async function retrieveSession(deps: Deps, id: string): Promise<CheckoutSession> {
  let row = await findSessionRow(deps.db, id);
  if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  if (row.status === 'open' && Number(row.expires_at) <= deps.clock.nowUnix()) {
    await expireSession(deps, id);
    row = (await findSessionRow(deps.db, id))!;
  }
  return sessionView(deps.db, row, deps.baseUrl);
}

export async function listSessions(
  deps: Deps,
  livemode: boolean,
  filter: PageQuery & { status?: CheckoutSessionStatus; payment_link_id?: string },
) {
  let query = deps.db.selectFrom('checkout_sessions').where('livemode', '=', livemode);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.payment_link_id) query = query.where('payment_link_id', '=', filter.payment_link_id);
  const { rows, count } = await pageOf<PaymentsTables, 'checkout_sessions'>(query, filter);
  return { list: await Promise.all(rows.map((row) => sessionView(deps.db, row, deps.baseUrl))), count };
}
