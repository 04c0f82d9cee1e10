import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kiosk/contracts';
import type { InvoiceStatus } from '@kiosk/core';
import { kioskClient } from '../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';
import type { InvoiceAction } from './invoice-actions.ts';

/** An invoice's events on its page: the latest of them, which is what a merchant looks for. */
const SHOWN = 100;

/** One invoice's reads: its own key is the one the payment page and the portal read it under. */
const invoiceKey = (livemode: boolean, id: string, ...parts: string[]) =>
  modeKey(livemode, 'invoice', id, ...parts);

/**
 * One page of the mode's invoices, by status if asked; `page` is zero-based as DataTable counts.
 * Seed 001 §5: invoice lists leave out zero-total invoices (a trial's first one), as the portal's do.
 */
export function useMerchantInvoices(
  livemode: boolean,
  page: number,
  pageSize: number,
  status: InvoiceStatus | '',
  customerId = '',
) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoices', 'merchant', page, pageSize, status, customerId),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/invoices', {
        query: {
          page: page + 1,
          pageSize,
          livemode,
          ignore_zero: true,
          ...(status ? { status } : {}),
          ...(customerId ? { customer_id: customerId } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}

/** The invoice's own events, newest first (its payment's are on the payment's page). */
export function useInvoiceEvents(id: string, livemode: boolean) {
  return useQuery({
    queryKey: invoiceKey(livemode, id, 'events'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/events', { query: { object_id: id, pageSize: SHOWN, livemode }, signal }),
  });
}

/**
 * Void or mark uncollectible; the answer is the invoice as it now stands. Every list showing it is read
 * again, and so are its subscription (past due only for it, it runs again) and its customer's page.
 */
export function useCloseInvoice(
  invoice: Pick<Invoice, 'id' | 'customer_id' | 'subscription_id'>,
  livemode: boolean,
) {
  const { id } = invoice;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: InvoiceAction): Promise<Invoice> => {
      const request = { params: { id }, query: { livemode } };
      return action === 'void'
        ? kioskClient.call('PUT /api/invoices/:id/void', request)
        : kioskClient.call('PUT /api/invoices/:id/mark-uncollectible', request);
    },
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKey(livemode, id), invoice),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKey(livemode, id) }),
        queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'invoices') }),
        queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'customer', invoice.customer_id) }),
        invoice.subscription_id &&
          queryClient.invalidateQueries({
            queryKey: modeKey(livemode, 'subscription', invoice.subscription_id),
          }),
      ]),
  });
}
