import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Price, PriceFields, PriceUpdate, Product } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';

/** The list filter's choices: the server lists every product without one. */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;

const productsKey = (livemode: boolean) => modeKey(livemode, 'products');

/** One page of the mode's products (with their prices), newest first; `page` zero-based. */
export function useProductList(
  livemode: boolean,
  page: number,
  pageSize: number,
  status: (typeof PRODUCT_STATUSES)[number] | '',
) {
  return useQuery({
    queryKey: modeKey(livemode, 'products', 'list', { page, pageSize, status }),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/products', {
        query: {
          page: page + 1,
          pageSize,
          livemode,
          ...(status ? { active: status === 'active' ? 'true' : 'false' } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}

export function useProduct(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'products', 'one', id),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/products/:id', { params: { id }, query: { livemode }, signal }),
  });
}

export interface NewProduct {
  name: string;
  description: string | null;
  prices: PriceFields[];
}

export interface ProductChange {
  name?: string;
  description?: string | null;
  active?: boolean;
  cross_sell?: { cross_sells_to_id: string } | null;
}

/**
 * What may change on a price (`PUT /api/prices/:id`), each field only when sent. Its amount and
 * currency are not among them: a buyer keeps the price they agreed to.
 */
export type PriceChange = PriceUpdate;

/**
 * What the merchant changes in the catalog: products and their prices. Every change refreshes the
 * mode's product queries (a price shows on the product's page and in the list's pricing).
 */
export function useCatalogChanges(livemode: boolean) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: productsKey(livemode) });
  const createProduct = useMutation({
    mutationFn: (body: NewProduct): Promise<Product> =>
      kioskClient.call('POST /api/products', { body, query: { livemode } }),
    onSettled,
  });
  const updateProduct = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductChange }) =>
      kioskClient.call('PUT /api/products/:id', { params: { id }, body, query: { livemode } }),
    onSettled,
  });
  const createPrice = useMutation({
    mutationFn: (body: PriceFields & { product_id: string }) =>
      kioskClient.call('POST /api/prices', { body, query: { livemode } }),
    onSettled,
  });
  const updatePrice = useMutation({
    mutationFn: ({ id, ...body }: PriceChange & { id: string }) =>
      kioskClient.call('PUT /api/prices/:id', { params: { id }, body, query: { livemode } }),
    onSettled,
  });
  return { createProduct, updateProduct, createPrice, updatePrice };
}

/** A price a merchant can pick (for a payment link or a cross-sell), named by its product. */
export interface PriceChoice {
  price: Price;
  product: Pick<Product, 'id' | 'name'>;
}

/**
 * The mode's active prices of active products, newest products first: the first 100 products, which
 * is what a picker can show; a larger catalog picks by typing, among these.
 */
export function usePriceChoices(livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'products', 'price-choices'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/products', { query: { pageSize: 100, active: 'true', livemode }, signal }),
    select: (products): PriceChoice[] =>
      products.list.flatMap((product) =>
        product.prices
          .filter((price) => price.active)
          .map((price) => ({ price, product: { id: product.id, name: product.name } })),
      ),
  });
}
