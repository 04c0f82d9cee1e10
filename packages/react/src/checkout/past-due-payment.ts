import { useEffect, useEffectEvent, useReducer, useRef, type Dispatch } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@kiosk/sdk';
import { useKiosk } from '../provider/KioskProvider.tsx';
import { useRealtimeTopic } from '../realtime/use-realtime-topic.ts';
import type { Eip1193Provider } from '../wallet/eip1193.ts';
import { checkoutErrorText } from './error-text.ts';
import {
  allPaid,
  anyPaying,
  initialPastDueState,
  pastDueReducer,
  type PastDueEvent,
  type PastDueRow,
} from './past-due.ts';
import { sendAndNameTransfer } from './payment/wallet-transfer.ts';
import { PAYING_POLL_MS, PAYING_TIMEOUT_MS } from './use-checkout.ts';

/** Seed 000 §1: what is overdue for one subscription, or for all the customer's. */
export type PastDueScope = { customerId: string } | { subscriptionId: string };

export const overdueKey = (livemode: boolean, scope: PastDueScope) => ['overdue', livemode, scope] as const;

/**
 * The overdue invoices of `scope` and paying them per currency (seed 000 §4, §7): `pay` asks the server
 * for one payment intent for the currency's overdue sum (`POST /api/invoices/overdue/pay`), the wallet
 * in this page sends it and the transfer is named (`POST /api/payment-intents/{id}/pay`); the row is
 * Paid once the overdue answer, read every 2 s meanwhile, no longer has the currency (the server
 * settles from the chain), and failed when 3 minutes pass without that.
 */
export function usePastDuePayment({
  scope,
  livemode,
  buyerDid,
  enabled = true,
}: {
  scope: PastDueScope;
  livemode: boolean;
  /** The wallet must send from this account: another one's transfer would never count. */
  buyerDid?: string;
  enabled?: boolean;
}) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const [state, dispatch] = useReducer(pastDueReducer, initialPastDueState);
  const paying = anyPaying(state);
  const overdue = useOverdueInvoices(scope, livemode, enabled, paying);

  useEffect(() => {
    if (overdue.data) dispatch({ type: 'loaded', summary: overdue.data.summary });
  }, [overdue.data]);

  // Seed 000 §4, §7: `invoice.paid` on the customer's topic says a payment settled sooner than a poll.
  const customerId =
    'customerId' in scope
      ? scope.customerId
      : overdue.data && 'subscription' in overdue.data
        ? overdue.data.subscription.customer_id
        : undefined;
  useRealtimeTopic(paying && customerId ? `customer:${customerId}` : undefined, (event) => {
    if (event.type === 'invoice.paid') void overdue.refetch();
  });

  useFailUnsettledRows(state.rows, dispatch, t);

  const pay = async (currencyId: string, provider: Eip1193Provider) => {
    dispatch({ type: 'pay', currencyId });
    try {
      const started = await client.call('POST /api/invoices/overdue/pay', {
        query: { livemode },
        body: {
          currency_id: currencyId,
          ...('customerId' in scope
            ? { customer_id: scope.customerId }
            : { subscription_id: scope.subscriptionId }),
        },
      });
      await sendAndNameTransfer(
        provider,
        started.paymentInstructions,
        buyerDid,
        (txHash) =>
          client.call('POST /api/payment-intents/:id/pay', {
            params: { id: started.paymentIntent.id },
            query: { livemode },
            body: { tx_hash: txHash },
          }),
        t,
      );
      dispatch({ type: 'sent', currencyId, now: Date.now() });
      void overdue.refetch();
    } catch (error) {
      // Paid meanwhile (another tab, another device): the answer read again shows it Paid.
      if (error instanceof ApiError && error.code === 'NOTHING_OVERDUE') {
        dispatch({ type: 'sent', currencyId, now: Date.now() });
        void overdue.refetch();
        return;
      }
      const reason = error instanceof ApiError ? checkoutErrorText(error, t) : (error as Error).message;
      dispatch({ type: 'failed', currencyId, message: reason || checkoutErrorText(error, t) });
    }
  };

  /** A wallet elsewhere (a phone, the test wallet) sent and named the transfer of `currencyId`. */
  const sentElsewhere = (currencyId: string) => {
    dispatch({ type: 'pay', currencyId });
    dispatch({ type: 'sent', currencyId, now: Date.now() });
    void overdue.refetch();
  };

  /** The `collect-batch` connect session's params for a currency (seed 000 §7), with a known buyer. */
  const collectBatch = buyerDid
    ? (currencyId: string) => ({
        currencyId,
        ...('customerId' in scope
          ? { customerId: scope.customerId }
          : { subscriptionId: scope.subscriptionId }),
        sessionUserDid: buyerDid,
      })
    : undefined;

  return {
    rows: state.rows,
    invoices: overdue.data?.invoices ?? [],
    loading: overdue.isPending && enabled,
    // What could not be read at all: a later read that fails keeps the rows read before (a row waiting
    // for its payment fails at its own time), rather than putting an error in their place.
    error: overdue.data === undefined ? overdue.error : null,
    refetch: () => void overdue.refetch(),
    allPaid: allPaid(state),
    /** Read and empty before anything was paid here (paid meanwhile elsewhere). */
    nothingOverdue:
      overdue.data !== undefined && Object.keys(overdue.data.summary).length === 0 && state.rows.length === 0,
    pay,
    sentElsewhere,
    collectBatch,
  };
}

/** The overdue invoices of `scope`, read every PAYING_POLL_MS while a payment is on its way. */
function useOverdueInvoices(scope: PastDueScope, livemode: boolean, enabled: boolean, paying: boolean) {
  const { client } = useKiosk();
  return useQuery({
    queryKey: overdueKey(livemode, scope),
    enabled,
    refetchInterval: paying ? PAYING_POLL_MS : false,
    queryFn: async () =>
      'customerId' in scope
        ? client.call('GET /api/customers/:id/overdue/invoices', {
            params: { id: scope.customerId },
            query: { livemode },
          })
        : client.call('GET /api/subscriptions/:id/overdue/invoices', {
            params: { id: scope.subscriptionId },
            query: { livemode },
          }),
  });
}

/** A transfer the server has not settled within the polling time fails its row: Retry reads again. */
function useFailUnsettledRows(rows: PastDueRow[], dispatch: Dispatch<PastDueEvent>, t: TFunction) {
  useEffect(() => {
    const timers = rows.flatMap((row) =>
      row.status === 'paying' && row.since !== undefined
        ? [
            setTimeout(
              () =>
                dispatch({
                  type: 'failed',
                  currencyId: row.currencyId,
                  message: t('checkout.paying.timeout'),
                }),
              Math.max(0, row.since + PAYING_TIMEOUT_MS - Date.now()),
            ),
          ]
        : [],
    );
    return () => timers.forEach(clearTimeout);
  }, [rows, t, dispatch]);
}

/**
 * Where focus goes as the rows change: a row's Pay goes once it is Paid, and Try again once the rows
 * are read, so focus moves to the next row to pay (the ref's button) — only when `lost` says focus
 * fell out of where the rows are shown, since a row settles on its own while the customer may be at
 * another control.
 */
export function usePastDueFocus(
  payment: ReturnType<typeof usePastDuePayment>,
  lost: (active: Element | null) => boolean,
) {
  const actionRef = useRef<HTMLButtonElement>(null);
  const rowsShown = !payment.error && !payment.loading && payment.rows.length > 0;
  const paidRows = payment.rows.filter((row) => row.status === 'paid').length;
  const refocus = useEffectEvent(() => {
    if (lost(document.activeElement)) actionRef.current?.focus();
  });
  useEffect(() => refocus(), [rowsShown, paidRows]);
  return actionRef;
}
