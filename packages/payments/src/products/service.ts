import { KioskError, newId, nowUnix } from '@kiosk/core';
import type { z } from 'zod';
import { flag, fromJson, pageOf, stamps, toJson, type Executor, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import { insertPrice, priceView } from '../prices/service.ts';
import type { PaymentsTables } from '../tables.ts';
import type { Product, productInput, productUpdate } from './schema.ts';

function crossSellOf(text: string): { cross_sells_to_id: string } | null {
  const value = fromJson<{ cross_sells_to_id?: string } | null>(text, null);
  return value?.cross_sells_to_id ? { cross_sells_to_id: value.cross_sells_to_id } : null;
}

function productView(row: PaymentsTables['products'], prices: PaymentsTables['prices'][]): Product {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    type: row.type,
    name: row.name,
    description: row.description,
    images: fromJson(row.images, []),
    unit_label: row.unit_label,
    statement_descriptor: row.statement_descriptor,
    active: flag(row.active),
    metadata: fromJson(row.metadata, {}),
    cross_sell: crossSellOf(row.cross_sell),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    prices: prices.filter((p) => p.product_id === row.id).map(priceView),
  };
}

export async function createProduct(
  db: PaymentsDb,
  livemode: boolean,
  input: z.infer<typeof productInput>,
): Promise<Product> {
  const id = newId('product');
  await db.transaction().execute(async (trx) => {
    const { prices, images, metadata, cross_sell, ...fields } = input;
    await trx
      .insertInto('products')
      .values({
        id,
        livemode,
        ...fields,
        images: toJson(images),
        metadata: toJson(metadata),
        cross_sell: toJson(cross_sell),
        ...stamps(),
      })
      .execute();
    await recordEvent(trx, { type: 'product.created', livemode, objectId: id, data: { id } });
    for (const [index, price] of prices.entries())
      await insertPrice(trx, livemode, id, price, `body.prices.${index}`);
  });
  return (await getProduct(db, livemode, id))!;
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
  filter: { active?: boolean; page: number; pageSize: number },
): Promise<{ list: Product[]; count: number }> {
  let query = db.selectFrom('products').where('livemode', '=', livemode);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const { rows, count } = await pageOf(query, filter);
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
  db: PaymentsDb,
  livemode: boolean,
  id: string,
  input: z.infer<typeof productUpdate>,
): Promise<Product> {
  await db.transaction().execute(async (trx) => {
    const { images, metadata, cross_sell, ...fields } = input;
    const result = await trx
      .updateTable('products')
      .set({
        ...fields,
        ...(cross_sell !== undefined ? { cross_sell: toJson(cross_sell) } : {}),
        ...(images ? { images: toJson(images) } : {}),
        ...(metadata ? { metadata: toJson(metadata) } : {}),
        updated_at: nowUnix(),
      })
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
    await recordEvent(trx, { type: 'product.updated', livemode, objectId: id, data: input });
  });
  return (await getProduct(db, livemode, id))!;
}
