import type { PageQuery, Price, Product } from '@kiosk/contracts';
import { pageOf } from '@kiosk/platform';
import type { Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { productJson } from './table.ts';
import { productView } from './view.ts';

export async function getProduct(db: Executor, livemode: boolean, id: string): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!row) return undefined;
  const prices = await db
    .selectFrom('prices')
    .selectAll()
    .where('product_id', '=', id)
    .orderBy('id')
    .execute();
  return productView(row, prices);
}

export async function listProducts(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { active?: boolean },
): Promise<{ list: Product[]; count: number }> {
  let query = db.selectFrom('products').where('livemode', '=', livemode);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const { rows, count } = await pageOf<PaymentsTables, 'products'>(query, filter);
  const prices = rows.length
    ? await db
        .selectFrom('prices')
        .selectAll()
        .where(
          'product_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { list: rows.map((row) => productView(row, prices)), count };
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
  const byId = new Map(products.map((p) => [p.id, { ...p, images: productJson.images.read(p.images) }]));
  return (price: Price) => ({ ...price, product: byId.get(price.product_id)! });
}
