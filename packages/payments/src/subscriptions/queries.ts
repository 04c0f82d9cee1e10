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
