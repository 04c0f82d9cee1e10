import type { Product, productUpdate } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { getProduct } from './queries.ts';
import { productJson } from './table.ts';

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
      ...(cross_sell !== undefined ? { cross_sell: productJson.cross_sell.write(cross_sell) } : {}),
      ...(images ? { images: productJson.images.write(images) } : {}),
      ...(metadata ? { metadata: productJson.metadata.write(metadata) } : {}),
    },
    'product.updated',
  );
  return (await getProduct(deps.db, livemode, id))!;
}
