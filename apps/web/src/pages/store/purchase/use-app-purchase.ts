import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { kioskClient } from '../../../lib/api.ts';

/** Every query of an app's sale starts with this key: one invalidation refreshes them. */
const purchaseKey = (did: string) => ['store', 'purchase', did] as const;

/** The key of the app's price: the developer's pricing dialog writes its answer there. */
export const pricingQueryKey = (did: string) => [...purchaseKey(did), 'pricing'] as const;

/** The app's price in the mode the store sells in (free when never priced). */
export function useAppPricing(did: string) {
  return useQuery({
    queryKey: pricingQueryKey(did),
    queryFn: ({ signal }) => kioskClient.call('GET /api/apps/:did/pricing', { params: { did }, signal }),
  });
}

/**
 * Whether `user` owns the app now. After a payment the sale is made by Kiosk Pay's event, a moment
 * later: `waitingForSale` asks again each second until it is.
 */
export function useOwnership(did: string, user: string | undefined, waitingForSale: boolean) {
  return useQuery({
    queryKey: [...purchaseKey(did), 'ownership', user],
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/apps/:did/purchases/verify', {
        params: { did },
        query: { user: user! },
        signal,
      }),
    enabled: user !== undefined,
    refetchInterval: (query) => (waitingForSale && !query.state.data?.valid ? 1_000 : false),
  });
}

/** The buyer's checkout for the app: their open one, or a new one. */
export function useStartCheckout(did: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => kioskClient.call('POST /api/apps/:did/checkout', { params: { did } }),
    // A refusal (already bought elsewhere, the price gone) means what is shown is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: purchaseKey(did) }),
  });
}
