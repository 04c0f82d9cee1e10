import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';

/**
 * What the customer owes past due (seed 000 §7 `GET /api/customers/{id}/overdue/invoices`); nothing
 * is asked while the customer is unknown. Keyed under the invoices, so an invoice event that refreshes
 * the portal's lists reads it again too.
 */
export function useCustomerOverdue(livemode: boolean, customerId: string | null | undefined) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoices', 'overdue', customerId),
    enabled: Boolean(customerId),
    queryFn: () =>
      kioskClient.call('GET /api/customers/:id/overdue/invoices', {
        params: { id: customerId! },
        query: { livemode },
      }),
  });
}
