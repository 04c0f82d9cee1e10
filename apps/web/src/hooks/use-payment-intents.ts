import { useQuery } from '@tanstack/react-query';
import type { PaymentIntentStatus } from '@kiosk/core';
import { kioskClient } from '../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../lib/query-client.ts';

/**
 * One page of the merchant's payment intents in `livemode`, of one status and one customer if asked
 * (`''` for any); `page` is zero-based as DataTable counts.
 */
export function usePaymentIntents(
  livemode: boolean,
  page: number,
  pageSize: number,
  { status = '', customerId = '' }: { status?: PaymentIntentStatus | ''; customerId?: string } = {},
) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-intents', { page, pageSize, status, customerId }),
    queryFn: () =>
      kioskClient.call('GET /api/payment-intents', {
        query: {
          page: page + 1,
          pageSize,
          livemode,
          ...(status ? { status } : {}),
          ...(customerId ? { customer_id: customerId } : {}),
        },
      }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}
