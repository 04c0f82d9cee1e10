import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppPricingInput } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { pricingQueryKey } from '../../store/purchase/use-app-purchase.ts';

/** What the developer may price in, and the store's share of a sale. */
export function usePricingCurrencies() {
  return useQuery({
    queryKey: ['developer', 'pricing-currencies'],
    queryFn: ({ signal }) => kioskClient.call('GET /api/developer/pricing-currencies', { signal }),
  });
}

/** Sets the app's price; the store page's price query gets the answer at once. */
export function useSetPricing(did: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppPricingInput) =>
      kioskClient.call('PUT /api/developer/apps/:did/pricing', { params: { did }, body }),
    onSuccess: (pricing) => queryClient.setQueryData(pricingQueryKey(did), pricing),
  });
}
