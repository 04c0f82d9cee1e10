import type { Product, productInput } from '@kiosk/contracts';
import { newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps } from '../db.ts';
import type { Deps } from '../deps.ts';
import { insertPrice } from '../prices/service.ts';
import { getProduct } from '../products/queries.ts';
import { productJson } from '../products/table.ts';

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
        images: productJson.images.write(images),
        metadata: productJson.metadata.write(metadata),
        cross_sell: productJson.cross_sell.write(cross_sell),
        ...stamps(deps.clock),
      },
      'product.created',
    );
    for (const [index, price] of prices.entries())
      await insertPrice(deps, trx, livemode, id, price, `body.prices.${index}`);
  });
  return (await getProduct(deps.db, livemode, id))!;
}
