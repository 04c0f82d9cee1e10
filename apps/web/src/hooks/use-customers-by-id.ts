import { useQueries } from '@tanstack/react-query';
import type { Customer } from '@kiosk/contracts';
import { kioskClient } from '../lib/api.ts';
import { modeKey } from '../lib/query-client.ts';

/**
 * The customers a page of rows names, by id: one read per customer not yet cached (a list row carries
 * only `customer_id`). A page holds at most `pageSize` of them, and each is cached across pages.
 */
export function useCustomersById(livemode: boolean, ids: readonly string[]): Map<string, Customer> {
  const unique = [...new Set(ids)];
  return useQueries({
    queries: unique.map((id) => ({
      queryKey: modeKey(livemode, 'customer', id),
      queryFn: () => kioskClient.call('GET /api/customers/:id', { params: { id }, query: { livemode } }),
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(results.flatMap((result, index) => (result.data ? [[unique[index]!, result.data]] : []))),
  });
}
