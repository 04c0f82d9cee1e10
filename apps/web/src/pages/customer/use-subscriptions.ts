import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CancellationFeedback } from '@kiosk/core';
import type { Subscription } from '@kiosk/contracts';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';

/** A customer has few subscriptions: the portal shows them all on one page, up to the API's page maximum. */
export const SUBSCRIPTIONS_SHOWN = 100;

/**
 * The signed-in buyer's customer id in `livemode`; null before their first checkout in that mode. The
 * portal's lists name it: the server would answer an owner or admin every customer's otherwise.
 */
export function useMyCustomerId(livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', 'me'),
    queryFn: () =>
      kioskClient.call('GET /api/customers/me', { query: { skipSummary: true, fallback: true, livemode } }),
    select: (customer) => customer.id,
  });
}

/** The customer's subscriptions, newest first; nothing is asked while `customerId` is unknown. */
export function useCustomerSubscriptions(livemode: boolean, customerId: string | null | undefined) {
  return useQuery({
    queryKey: modeKey(livemode, 'subscriptions', { customerId }),
    enabled: Boolean(customerId),
    queryFn: () =>
      kioskClient.call('GET /api/subscriptions', {
        query: { customer_id: customerId!, pageSize: SUBSCRIPTIONS_SHOWN, livemode },
      }),
  });
}

/** One subscription of the signed-in buyer (the server answers 404 for anyone else's). */
export function useSubscription(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'subscription', id),
    queryFn: () => kioskClient.call('GET /api/subscriptions/:id', { params: { id }, query: { livemode } }),
  });
}

/** A changed subscription shows at once; its list and invoices (a cancel can make one) read again. */
function afterChange(queryClient: QueryClient, livemode: boolean, subscription: Subscription) {
  queryClient.setQueryData(modeKey(livemode, 'subscription', subscription.id), subscription);
  void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscriptions') });
  void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'invoices') });
}

export interface CancelRequest {
  feedback?: CancellationFeedback;
  comment?: string;
}

/** Seed 000 §1: cancel as the customer may — a paid period runs to its end, a trial ends at once. */
export function useCancelSubscription(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ feedback, comment }: CancelRequest) =>
      kioskClient.call('PUT /api/subscriptions/:id/cancel', {
        params: { id },
        query: { livemode },
        body: { at: 'current_period_end', feedback, comment },
      }),
    onSuccess: (subscription) => afterChange(queryClient, livemode, subscription),
  });
}

/**
 * An incomplete subscription's checkout, to go back to while it is open (issue 21 item 3); nothing is
 * asked for any other subscription.
 */
export function useSubscriptionCheckout(subscription: Subscription) {
  const id = subscription.checkout_session_id;
  return useQuery({
    queryKey: ['subscription-checkout', id ?? ''],
    enabled: subscription.status === 'incomplete' && Boolean(id),
    queryFn: () => kioskClient.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: id! } }),
    select: (answer) => answer.checkoutSession,
  });
}

/** Discards a subscription never paid for: it ends at once, owing nothing (the cancel of an incomplete one). */
export function useDiscardSubscription(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      kioskClient.call('PUT /api/subscriptions/:id/cancel', {
        params: { id },
        query: { livemode },
        body: { at: 'now' },
      }),
    onSuccess: (subscription) => afterChange(queryClient, livemode, subscription),
  });
}

/** Undoes a cancel scheduled for the period end ("resume"; `recover` in the API). */
export function useResumeSubscription(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      kioskClient.call('PUT /api/subscriptions/:id/recover', { params: { id }, query: { livemode } }),
    onSuccess: (subscription) => afterChange(queryClient, livemode, subscription),
  });
}
