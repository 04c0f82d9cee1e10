import { useQuery } from '@tanstack/react-query';
import type { PaymentCurrency } from '@kiosk/contracts';
import { kioskClient } from '../lib/api.ts';
import { modeKey } from '../lib/query-client.ts';

/**
 * Every currency of the merchant's payment methods in `livemode`, by id. Read from the methods list, not
 * the checkout settings: a payment in a currency since switched off still needs its decimals.
 */
export function usePaymentCurrencies(livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-currencies'),
    queryFn: () => kioskClient.call('GET /api/payment-methods', { query: { livemode } }),
    select: (methods) =>
      new Map<string, PaymentCurrency>(
        methods.list.flatMap((method) =>
          method.payment_currencies.map((currency) => [currency.id, currency]),
        ),
      ),
    // Currencies change rarely; a page of payments should not ask again on every visit.
    staleTime: 5 * 60_000,
  });
}
