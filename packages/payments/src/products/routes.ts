import { priceRoutes, productRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { createPrice, updatePrice } from '../prices/service.ts';
import { MERCHANT } from '../schemas.ts';
import { updateProduct } from './service.ts';
import { getPrice, listPrices } from '../prices/queries.ts';
import { getProduct, listProducts } from './queries.ts';
import { createProduct } from '../flows/create-product.ts';

export function registerCatalogRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const createProductRoute = productRoutes['POST /api/products'];
  r.post(
    createProductRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Create a product, with prices inline',
        ...createProductRoute.schema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createProduct(deps, request.livemode, request.body);
    },
  );
  const listProductsRoute = productRoutes['GET /api/products'];
  r.get(
    listProductsRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Products with their prices',
        ...listProductsRoute.schema,
      },
    },
    (request) => listProducts(deps.db, request.livemode, request.query),
  );
  const getProductRoute = productRoutes['GET /api/products/:id'];
  r.get(
    getProductRoute.path,
    {
      config: { access: MERCHANT },
      schema: { tags: ['products'], summary: 'A product', ...getProductRoute.schema },
    },
    async (request) => {
      const product = await getProduct(deps.db, request.livemode, request.params.id);
      if (!product) throw new KioskError('PRODUCT_NOT_FOUND', { status: 404 });
      return product;
    },
  );
  const updateProductRoute = productRoutes['PUT /api/products/:id'];
  r.put(
    updateProductRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['products'],
        summary: 'Update a product',
        ...updateProductRoute.schema,
      },
    },
    (request) => updateProduct(deps, request.livemode, request.params.id, request.body),
  );

  const createPriceRoute = priceRoutes['POST /api/prices'];
  r.post(
    createPriceRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Create a price',
        ...createPriceRoute.schema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createPrice(deps, request.livemode, request.body);
    },
  );
  const listPricesRoute = priceRoutes['GET /api/prices'];
  r.get(
    listPricesRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Prices',
        ...listPricesRoute.schema,
      },
    },
    (request) => listPrices(deps.db, request.livemode, request.query),
  );
  const getPriceRoute = priceRoutes['GET /api/prices/:id'];
  r.get(
    getPriceRoute.path,
    {
      config: { access: MERCHANT },
      schema: { tags: ['prices'], summary: 'A price', ...getPriceRoute.schema },
    },
    async (request) => {
      const price = await getPrice(deps.db, request.livemode, request.params.id);
      if (!price) throw new KioskError('PRICE_NOT_FOUND', { status: 404 });
      return price;
    },
  );
  const updatePriceRoute = priceRoutes['PUT /api/prices/:id'];
  r.put(
    updatePriceRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['prices'],
        summary: 'Update a price (amounts are fixed once made; make a new price instead)',
        ...updatePriceRoute.schema,
      },
    },
    (request) => updatePrice(deps, request.livemode, request.params.id, request.body),
  );
}
