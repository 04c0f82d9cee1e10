import type { PageQuery, Price, Subscription } from '@kiosk/contracts';
import { type SubscriptionStatus } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import { flag, type Executor } from '../db.ts';
import { loadPrices } from '../prices/queries.ts';
import { expandPrices } from '../products/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import type { SubscriptionItemRow as ItemRow } from './table.ts';
import type { SubscriptionRow } from './table.ts';
import { subscriptionItemView, subscriptionView } from './view.ts';

export async function findSubscriptionRow(db: Executor, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function itemRowsOf(db: Executor, subscriptionIds: string[]): Promise<ItemRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectFrom('subscription_items')
    .selectAll()
    .where('subscription_id', 'in', subscriptionIds)
    .orderBy('id')
    .execute();
}

/** Subscriptions of one mode with their items, prices and products' names, in one query each. */
async function withItems(
  db: Executor,
  rows: SubscriptionRow[],
  known?: ReadonlyMap<string, Price>,
): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const items = await itemRowsOf(
    db,
    rows.map((row) => row.id),
  );
  const prices = await loadPrices(
    db,
    flag(rows[0]!.livemode),
    items.map((item) => item.price_id),
    known,
  );
  // The product's name is what a buyer knows the plan by (a nickname alone, "Monthly", is not).
  const expand = await expandPrices(db, prices);
  const productName = (price: Price | undefined) => price && expand(price).product?.name;
  return rows.map((row) =>
    subscriptionView(
      row,
      items
        .filter((item) => item.subscription_id === row.id)
        .map((item) => {
          const price = prices.get(item.price_id);
          return subscriptionItemView(item, price, productName(price));
        }),
    ),
  );
}

/** A subscription with its items and their prices (those in `known` are not read again). */
export async function getSubscription(
  db: Executor,
  id: string,
  known?: ReadonlyMap<string, Price>,
): Promise<Subscription | undefined> {
  const row = await findSubscriptionRow(db, id);
  return row && (await withItems(db, [row], known))[0];
}

export async function listSubscriptions(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { status?: SubscriptionStatus; customer_id?: string },
): Promise<{ list: Subscription[]; count: number }> {
  let query = db.selectFrom('subscriptions').where('livemode', '=', livemode);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.customer_id) query = query.where('customer_id', '=', filter.customer_id);
  const { rows, count } = await pageOf<PaymentsTables, 'subscriptions'>(query, filter);
  return { list: await withItems(db, rows), count };
}

/** Who a trial rule asks about: a customer's row, or a buyer's DID before they have one. */
export type TrialTaker = { customerId: string } | { did: string };

/**
 * Whether `taker` has had a trial of one of `productIds` in this mode: a subscription of theirs, in
 * any status since, that began with a trial (its trial set and its first invoice made when the trial
 * started: one abandoned before the mandate never began) and bills a price of one of the products.
 * `except` (a session's own subscription) is left out.
 */
export async function hadTrialOf(
  db: Executor,
  livemode: boolean,
  taker: TrialTaker,
  productIds: readonly string[],
  except: string | null = null,
): Promise<boolean> {
  if (productIds.length === 0) return false;
  let query = db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_items as item', 'item.subscription_id', 's.id')
    .innerJoin('prices as price', 'price.id', 'item.price_id')
    .select('s.id')
    .where('s.livemode', '=', livemode)
    .where('s.status', 'not in', ['incomplete', 'incomplete_expired'])
    .where('s.trial_start', 'is not', null)
    .where('s.latest_invoice_id', 'is not', null)
    .where('price.product_id', 'in', [...productIds]);
  if (except) query = query.where('s.id', '<>', except);
  query =
    'customerId' in taker
      ? query.where('s.customer_id', '=', taker.customerId)
      : query
          .innerJoin('customers as customer', 'customer.id', 's.customer_id')
          .where('customer.did', '=', taker.did);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The trial terms a checkout's `subscription_data` may carry. */
interface TrialData {
  trial_period_days?: number | undefined;
  trial_end?: number | undefined;
  trial_once_per_customer?: boolean | undefined;
}

/**
 * Issue 21 item 21, one trial per customer per product (as the big billing systems do): the trial a
 * checkout offers is withheld from a buyer who has had one of its products' trials, unless the
 * merchant lets it repeat (`trial_once_per_customer: false`). Submit decides by it in its transaction;
 * a session's answer says it once its buyer is known. An unknown buyer (undefined) is offered it.
 */
export async function trialWithheld(
  db: Executor,
  order: {
    livemode: boolean;
    taker: TrialTaker | undefined;
    productIds: readonly string[];
    data: TrialData;
    except?: string | null;
  },
): Promise<boolean> {
  const { data, taker } = order;
  if (data.trial_once_per_customer === false || !taker) return false;
  if (!data.trial_period_days && (data.trial_end === undefined || data.trial_end === null)) return false;
  return hadTrialOf(db, order.livemode, taker, order.productIds, order.except);
}
