import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kiosk/contracts';
import type { SubscriptionStatus } from '@kiosk/core';
import { kioskClient } from '../../../lib/api.ts';
import { modeKey } from '../../../lib/query-client.ts';

/** Every read of one subscription sits under this key, so an action refreshes the whole page. */
const subscriptionKey = (livemode: boolean, id: string, ...parts: string[]) =>
  modeKey(livemode, 'subscription', id, ...parts);

/** A subscription's invoices and events on its page: the latest of them, which is what a merchant looks for. */
const SHOWN = 100;

export function useMerchantSubscriptions(
  livemode: boolean,
  page: number,
  pageSize: number,
  status: SubscriptionStatus | '',
  customerId = '',
) {
  return useQuery({
    queryKey: modeKey(livemode, 'subscriptions', page, pageSize, status, customerId),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/subscriptions', {
        query: {
          page: page + 1,
          pageSize,
          livemode,
          ...(status ? { status } : {}),
          ...(customerId ? { customer_id: customerId } : {}),
        },
        signal,
      }),
  });
}

/** A subscription (none for `null`: an invoice of no subscription), as its page and an invoice's read it. */
export function useMerchantSubscription(id: string | null, livemode: boolean) {
  return useQuery({
    queryKey: subscriptionKey(livemode, id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/subscriptions/:id', { params: { id: id! }, query: { livemode }, signal }),
  });
}

export function useSubscriptionInvoices(id: string, livemode: boolean) {
  return useQuery({
    queryKey: subscriptionKey(livemode, id, 'invoices'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/invoices', {
        query: { subscription_id: id, pageSize: SHOWN, livemode },
        signal,
      }),
  });
}

/** The subscription's own events, newest first (its invoices' and payments' are on their pages). */
export function useSubscriptionEvents(id: string, livemode: boolean) {
  return useQuery({
    queryKey: subscriptionKey(livemode, id, 'events'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/events', { query: { object_id: id, pageSize: SHOWN, livemode }, signal }),
  });
}

export type MerchantAction =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'recover' }
  | { kind: 'cancel'; at: CancelAt }
  | { kind: 'slash'; reason: string };
export type CancelAt = 'now' | 'current_period_end';

/**
 * Pause, resume, cancel, keep or slash its stake as the merchant; the answer is the subscription as
 * it now stands.
 */
export function useMerchantAction(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MerchantAction): Promise<Subscription> => {
      const params = { params: { id }, query: { livemode } };
      if (action.kind === 'pause') return kioskClient.call('PUT /api/subscriptions/:id/pause', params);
      if (action.kind === 'resume') return kioskClient.call('PUT /api/subscriptions/:id/resume', params);
      if (action.kind === 'recover') return kioskClient.call('PUT /api/subscriptions/:id/recover', params);
      if (action.kind === 'slash')
        return kioskClient.call('PUT /api/subscriptions/:id/slash-stake', {
          ...params,
          body: { reason: action.reason },
        });
      return kioskClient.call('PUT /api/subscriptions/:id/cancel', { ...params, body: { at: action.at } });
    },
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionKey(livemode, id), subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKey(livemode, id) }),
  });
}
