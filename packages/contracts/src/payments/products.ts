import { z } from 'zod';
import { priceFields, priceSchema } from './prices.ts';
import { activeFilter, idParam, listOf, metadata, pageQuery, updateOf } from '../common.ts';
import { defineRoutes } from '../route.ts';

export const productInput = z.object({
  type: z.enum(['service', 'good']).default('service'),
  name: z.string().trim().min(1).max(250),
  description: z.string().max(5_000).nullable().default(null),
  images: z.array(z.url()).max(8).default([]),
  unit_label: z.string().max(12).nullable().default(null),
  /** As on card statements: at most 22 characters. */
  statement_descriptor: z.string().max(22).nullable().default(null),
  active: z.boolean().default(true),
  metadata,
  /** Seed 000 §4 cross-sell: the price offered beside this product at checkout. */
  cross_sell: z
    .object({ cross_sells_to_id: z.string().min(1).max(64) })
    .nullable()
    .default(null),
  /** Prices created with the product, in one transaction. */
  prices: z.array(priceFields).max(20).default([]),
});

export const productUpdate = updateOf(productInput.omit({ prices: true }));

export const productSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  type: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  unit_label: z.string().nullable(),
  statement_descriptor: z.string().nullable(),
  active: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  cross_sell: z.object({ cross_sells_to_id: z.string() }).nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productRoutes = defineRoutes({
  'POST /api/products': { body: productInput, response: { 201: productSchema } },
  'GET /api/products': {
    querystring: pageQuery.extend({ active: activeFilter }),
    response: { 200: listOf(productSchema) },
  },
  'GET /api/products/:id': { params: idParam, response: { 200: productSchema } },
  'PUT /api/products/:id': { params: idParam, body: productUpdate, response: { 200: productSchema } },
});
