import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kiosk/contracts';
import { ApiError } from '@kiosk/sdk';
// The pay step sends and names the transfer exactly as the past-due payment does.
import { sendAndNameTransfer, useRealtimeTopic, type Eip1193Provider } from '@kiosk/react';
import { useSession } from '../../hooks/use-session.ts';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';
import { canChangePlan, initialPlanPayment, planPaymentReducer } from './plan-change-view.ts';
import { useSubscription } from './use-subscriptions.ts';

/** How often a named transfer's subscription is read again, and how long before the page gives up. */
export const PLAN_PAYMENT_POLL_MS = 2_000;
export const PLAN_PAYMENT_TIMEOUT_MS = 3 * 60_000;

export type PlanChangeAnswer = Awaited<ReturnType<typeof putPlan>>;
export type PlanItems = { price_id: string; quantity: number }[];

const plansKey = (livemode: boolean, id: string) => modeKey(livemode, 'subscription', id, 'plans');

function putPlan(id: string, livemode: boolean, items: PlanItems) {
  return kioskClient.call('PUT /api/subscriptions/:id', {
    params: { id },
    query: { livemode },
    body: { items },
  });
}

/** The plans the subscription may change to, cheapest first; not asked of one that cannot change. */
export function usePlanOptions(subscription: Subscription, livemode: boolean) {
  return useQuery({
    queryKey: plansKey(livemode, subscription.id),
    enabled: canChangePlan(subscription),
    queryFn: () =>
      kioskClient.call('GET /api/subscriptions/:id/plans', {
        params: { id: subscription.id },
        query: { livemode },
      }),
    select: (answer) => answer.list,
  });
}

/** After a change (made, or waiting for its invoice): the subscription, its invoices and plans read again. */
function afterPlanChange(queryClient: QueryClient, livemode: boolean, subscription: Subscription) {
  queryClient.setQueryData(modeKey(livemode, 'subscription', subscription.id), subscription);
  void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscriptions') });
  void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'invoices') });
  void queryClient.invalidateQueries({ queryKey: plansKey(livemode, subscription.id) });
}

/**
 * `PUT /api/subscriptions/{id}`: a cheaper plan (or any in a trial) is made at once; a dearer one waits
 * as `pending_update` for its invoice. Asking again for a waiting change replaces it (its invoice is
 * voided).
 */
export function useChangePlan(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: PlanItems) => putPlan(id, livemode, items),
    onSuccess: (answer) => afterPlanChange(queryClient, livemode, answer.subscription),
  });
}

/**
 * "Pay now" for a change waiting for its invoice: that invoice, its intent and how to pay it, read
 * when asked (`GET /api/subscriptions/{id}/pending-update`); answers null when nothing waits any more.
 */
export function useWaitingPlanChange(id: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PlanChangeAnswer | null> => {
      try {
        return await kioskClient.call('GET /api/subscriptions/:id/pending-update', {
          params: { id },
          query: { livemode },
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'PLAN_CHANGE_NOT_WAITING') return null;
        throw error;
      }
    },
    // Paid meanwhile (on another device): the page shows the plan as it is now.
    onSuccess: (answer) => {
      if (answer === null)
        void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscription', id), exact: true });
    },
  });
}

/**
 * Pays a waiting change's invoice from a wallet in this page (as the past-due payment does): the
 * transfer is sent from the buyer's own account and named with `POST /api/payment-intents/{id}/pay`,
 * then the subscription is read every 2 s (and on the customer's realtime events) until its
 * `pending_update` is gone: the server made the change when the invoice was paid.
 */
export function usePlanChangePayment(subscriptionId: string, livemode: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const subscription = useSubscription(subscriptionId, livemode);
  const [state, dispatch] = useReducer(planPaymentReducer, initialPlanPayment);
  const confirming = state.status === 'confirming';
  const waiting = subscription.data?.pending_update ?? null;

  const readAgain = () =>
    queryClient.invalidateQueries({
      queryKey: modeKey(livemode, 'subscription', subscriptionId),
      exact: true,
    });

  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(
      () =>
        void queryClient.invalidateQueries({
          queryKey: modeKey(livemode, 'subscription', subscriptionId),
          exact: true,
        }),
      PLAN_PAYMENT_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [confirming, queryClient, livemode, subscriptionId]);

  useEffect(() => {
    if (state.status !== 'confirming') return;
    const timer = setTimeout(
      () => dispatch({ type: 'failed', message: t('checkout.paying.timeout') }),
      Math.max(0, state.since + PLAN_PAYMENT_TIMEOUT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state, t]);

  useEffect(() => {
    if (!confirming || waiting !== null || !subscription.data) return;
    dispatch({ type: 'settled' });
    afterPlanChange(queryClient, livemode, subscription.data);
  }, [confirming, waiting, subscription.data, queryClient, livemode]);

  const customerId = subscription.data?.customer_id;
  useRealtimeTopic(confirming && customerId ? `customer:${customerId}` : undefined, (event) => {
    if (event.type === 'invoice.paid' || event.type.startsWith('customer.subscription.')) void readAgain();
  });

  const pay = async (answer: PlanChangeAnswer, provider: Eip1193Provider) => {
    const intent = answer.paymentIntent;
    const instructions = answer.paymentInstructions;
    if (!intent || !instructions) return;
    dispatch({ type: 'pay' });
    try {
      await sendAndNameTransfer(
        provider,
        instructions,
        session.data?.user?.did,
        (txHash) =>
          kioskClient.call('POST /api/payment-intents/:id/pay', {
            params: { id: intent.id },
            query: { livemode },
            body: { tx_hash: txHash },
          }),
        t,
      );
      dispatch({ type: 'sent', now: Date.now() });
      void readAgain();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('error.unknown');
      dispatch({ type: 'failed', message });
    }
  };

  /** A wallet on another device (the `collect` connect action) sent and named the transfer. */
  const sentElsewhere = () => {
    dispatch({ type: 'sentElsewhere', now: Date.now() });
    void readAgain();
  };

  return { state, pay, sentElsewhere, reset: () => dispatch({ type: 'reset' }) };
}
