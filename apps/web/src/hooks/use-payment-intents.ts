import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../lib/query-client.ts';

/** One page of the merchant's payment intents in `livemode`; `page` is zero-based as DataTable counts. */
export function usePaymentIntents(livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-intents', { page, pageSize }),
    queryFn: () =>
      kioskClient.call('GET /api/payment-intents', { query: { page: page + 1, pageSize, livemode } }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}
