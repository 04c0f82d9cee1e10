import type { PageQuery, Product, productInput, productUpdate } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import type { z } from 'zod';
import { stamps, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { insertPrice } from '../prices/service.ts';
import type { PaymentsTables } from '../tables.ts';
import { productView } from './view.ts';

export async function createProduct(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof productInput>,
): Promise<Product> {
  const id = newId('product');
  await transaction(deps.db, async (trx) => {
    const { prices, images, metadata, cross_sell, ...fields } = input;
    await deps.resources.products.insert(
      trx,
      {
        id,
        livemode,
        ...fields,
        images: toJson(images),
        metadata: toJson(metadata),
        cross_sell: toJson(cross_sell),
        ...stamps(deps.clock),
      },
      'product.created',
    );
    for (const [index, price] of prices.entries())
      await insertPrice(deps, trx, livemode, id, price, `body.prices.${index}`);
  });
  return (await getProduct(deps.db, livemode, id))!;
}

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

export async function updateProduct(
  deps: Deps,
  livemode: boolean,
  id: string,
  input: z.infer<typeof productUpdate>,
): Promise<Product> {
  if (!(await getProduct(deps.db, livemode, id))) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
  const { images, metadata, cross_sell, ...fields } = input;
  await deps.resources.products.update(
    deps.db,
    id,
    {
      ...fields,
      ...(cross_sell !== undefined ? { cross_sell: toJson(cross_sell) } : {}),
      ...(images ? { images: toJson(images) } : {}),
      ...(metadata ? { metadata: toJson(metadata) } : {}),
    },
    'product.updated',
  );
  return (await getProduct(deps.db, livemode, id))!;
}
