import { useInfiniteQuery } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';
import type { InvoiceListFilter } from './use-invoice-list.ts';

/**
 * A customer's invoices (of one subscription when named) for the load-more list, `pageSize` more at a
 * time, with the same query as the paged table (use-invoice-list.ts). Keyed under the mode's
 * 'invoices', so the realtime refresh (use-customer-refresh.ts) reads every loaded page again; the
 * 'pages' part keeps it apart from the table's single pages, whose cached data has another shape.
 */
export function useInvoicePages(livemode: boolean, filter: InvoiceListFilter, pageSize: number) {
  return useInfiniteQuery({
    queryKey: modeKey(livemode, 'invoices', 'pages', { ...filter, pageSize }),
    queryFn: ({ pageParam }) =>
      kioskClient.call('GET /api/invoices', {
        query: {
          customer_id: filter.customerId,
          subscription_id: filter.subscriptionId,
          ignore_zero: true,
          page: pageParam,
          pageSize,
          livemode,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      // An empty page ends the list even while the count says more (invoices gone since it was read).
      return last.list.length > 0 && loaded < last.count ? pages.length + 1 : undefined;
    },
  });
}
