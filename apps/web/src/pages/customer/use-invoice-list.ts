import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../lib/query-client.ts';

export interface InvoiceListFilter {
  customerId: string;
  subscriptionId?: string;
}

/**
 * One page of a customer's invoices (of one subscription when named); `page` is zero-based as
 * DataTable counts. Seed 001 §5: the lists leave out zero-total invoices (a trial's first one).
 */
export function useInvoiceList(livemode: boolean, filter: InvoiceListFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoices', { ...filter, page, pageSize }),
    queryFn: () =>
      kioskClient.call('GET /api/invoices', {
        query: {
          customer_id: filter.customerId,
          subscription_id: filter.subscriptionId,
          ignore_zero: true,
          page: page + 1,
          pageSize,
          livemode,
        },
      }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}
