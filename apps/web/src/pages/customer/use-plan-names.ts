import { useQueries } from '@tanstack/react-query';
import type { Subscription } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';
import { needsProductNames, planName, productNamesOf } from './subscription-view.ts';

/**
 * Each subscription's plan name, by id. Items carry prices without their products, so a subscription
 * without a description or nicknames is named from the checkout it began in: the same query (key and
 * call) as useInvoiceCheckout, so the invoice and subscription pages share its answer. `pending` while
 * a name is still on its way, so nothing is drawn under a price id and then renamed.
 */
export function usePlanNames(subscriptions: readonly Subscription[]) {
  const sessionIds = [
    ...new Set(
      subscriptions
        .filter(needsProductNames)
        .flatMap((subscription) => subscription.checkout_session_id ?? []),
    ),
  ];
  return useQueries({
    queries: sessionIds.map((sessionId) => ({
      queryKey: ['invoice-checkout', sessionId],
      // A paid checkout does not change: one read is enough.
      staleTime: Infinity,
      queryFn: () =>
        kioskClient.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: sessionId } }),
    })),
    combine: (results) => {
      const productNames = new Map(
        results.flatMap((result) => [...productNamesOf(result.data?.checkoutSession)]),
      );
      return {
        names: new Map(
          subscriptions.map((subscription) => [subscription.id, planName(subscription, productNames)]),
        ),
        pending: results.some((result) => result.isPending),
      };
    },
  });
}
