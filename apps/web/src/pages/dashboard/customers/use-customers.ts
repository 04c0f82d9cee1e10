import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';

/** A customer's page shows the latest of each of its records; the rest are on their own lists. */
export const CUSTOMER_SECTION_SIZE = 10;

/** One page of the mode's customers, `search` in their name, email or DID; `page` zero-based. */
export function useCustomerList(livemode: boolean, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: modeKey(livemode, 'customers', { page, pageSize, search }),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/customers', {
        query: { page: page + 1, pageSize, livemode, ...(search ? { q: search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}

/** The customer with what it has paid and owes per currency (its own key: other pages cache it without). */
export function useCustomerWithSummary(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', id, 'summary'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/customers/:id', {
        params: { id },
        query: { livemode, summary: true },
        signal,
      }),
  });
}

/** Seed 000 §4: the customer's overdue invoices, summed per currency with the currency to show it. */
export function useCustomerOverdue(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', id, 'overdue'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/customers/:id/overdue/invoices', {
        params: { id },
        query: { livemode },
        signal,
      }),
  });
}

const latestOf = (livemode: boolean, customerId: string) => ({
  customer_id: customerId,
  pageSize: CUSTOMER_SECTION_SIZE,
  livemode,
});

export function useCustomerPayments(customerId: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', customerId, 'payment-intents'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/payment-intents', { query: latestOf(livemode, customerId), signal }),
  });
}

export function useCustomerSubscriptions(customerId: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', customerId, 'subscriptions'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/subscriptions', { query: latestOf(livemode, customerId), signal }),
  });
}

export function useCustomerInvoices(customerId: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', customerId, 'invoices'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/invoices', { query: latestOf(livemode, customerId), signal }),
  });
}
