import {
  idParam,
  listOf,
  pageQuery,
  priceInput,
  priceSchema,
  priceUpdate,
  productInput,
  productSchema,
  productUpdate,
} from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { createPrice, getPrice, listPrices, updatePrice } from '../prices/service.ts';
import { MERCHANT } from '../schemas.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './service.ts';

const activeFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export function registerCatalogRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/products',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Create a product, with prices inline',
        body: productInput,
        response: { 201: productSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createProduct(deps, request.livemode, request.body);
    },
  );
  r.get(
    '/api/products',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Products with their prices',
        querystring: pageQuery.extend({ active: activeFilter }),
        response: { 200: listOf(productSchema) },
      },
    },
    (request) => listProducts(deps.db, request.livemode, request.query),
  );
  r.get(
    '/api/products/:id',
    {
      config: { access: MERCHANT },
      schema: { tags: ['products'], summary: 'A product', params: idParam, response: { 200: productSchema } },
    },
    async (request) => {
      const product = await getProduct(deps.db, request.livemode, request.params.id);
      if (!product) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
      return product;
    },
  );
  r.put(
    '/api/products/:id',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Update a product',
        params: idParam,
        body: productUpdate,
        response: { 200: productSchema },
      },
    },
    (request) => updateProduct(deps, request.livemode, request.params.id, request.body),
  );

  r.post(
    '/api/prices',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Create a price',
        body: priceInput,
        response: { 201: priceSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createPrice(deps, request.livemode, request.body);
    },
  );
  r.get(
    '/api/prices',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Prices',
        querystring: pageQuery.extend({ product_id: z.string().max(64).optional(), active: activeFilter }),
        response: { 200: listOf(priceSchema) },
      },
    },
    (request) => listPrices(deps.db, request.livemode, request.query),
  );
  r.get(
    '/api/prices/:id',
    {
      config: { access: MERCHANT },
      schema: { tags: ['prices'], summary: 'A price', params: idParam, response: { 200: priceSchema } },
    },
    async (request) => {
      const price = await getPrice(deps.db, request.livemode, request.params.id);
      if (!price) throw new KioskError('PRICE_NOT_FOUND', { status: 404 });
      return price;
    },
  );
  r.put(
    '/api/prices/:id',
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Update a price (amounts are fixed once made; make a new price instead)',
        params: idParam,
        body: priceUpdate,
        response: { 200: priceSchema },
      },
    },
    (request) => updatePrice(deps, request.livemode, request.params.id, request.body),
  );
}
