import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';

/** One invoice of the signed-in buyer (the server answers 404 for anyone else's). */
export function useInvoice(id: string, livemode: boolean, { poll = false } = {}) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoice', id),
    queryFn: () => kioskClient.call('GET /api/invoices/:id', { params: { id }, query: { livemode } }),
    // A payment named to the server: read again until the invoice says it is paid.
    refetchInterval: (query) => (poll && query.state.data?.status !== 'paid' ? 1000 : false),
  });
}

/**
 * An invoice charged off session (a plan change's difference on a saved card): read every 2 s until it
 * is paid, declined or voided.
 */
export function useChargedInvoice(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoice', id),
    queryFn: () => kioskClient.call('GET /api/invoices/:id', { params: { id }, query: { livemode } }),
    refetchInterval: (query) => {
      const invoice = query.state.data;
      return !invoice || (invoice.status === 'open' && !invoice.last_payment_error) ? 2000 : false;
    },
  });
}

/** The checkout an invoice came from, which names the invoice's lines; none for other invoices. */
export function useInvoiceCheckout(sessionId: string | null | undefined) {
  return useQuery({
    queryKey: ['invoice-checkout', sessionId ?? ''],
    enabled: Boolean(sessionId),
    // A paid checkout does not change: one read is enough.
    staleTime: Infinity,
    queryFn: () =>
      kioskClient.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: sessionId! } }),
  });
}
