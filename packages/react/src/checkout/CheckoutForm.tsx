import { Suspense, lazy, useEffect, useReducer, useRef, useState } from 'react';
import { nowUnix } from '@kiosk/core';
import type { CheckoutSession } from '@kiosk/contracts';
import { useRealtimeTopic } from '../realtime/use-realtime-topic.ts';
import type { CheckoutLayout } from './layouts.ts';
import { CheckoutView } from './CheckoutView.tsx';
import { checkoutPageState, isCheckoutId } from './page-state.ts';
import { initialPayState, payReducer } from './pay-flow.ts';
import { CheckoutLoading } from './states/CheckoutSkeleton.tsx';
import { CheckoutSuccess } from './states/CheckoutSuccess.tsx';
import { CheckoutUnavailable } from './states/CheckoutUnavailable.tsx';
import { useCheckout } from './use-checkout.ts';
import { usePayingWatch } from './use-paying-watch.ts';

// Only a customer with overdue invoices ever sees it: it loads when a submit is refused for them.
const BuyerPastDueDialog = lazy(() =>
  import('./payment/PastDueDialog.tsx').then((module) => ({ default: module.BuyerPastDueDialog })),
);

export interface CheckoutFormProps {
  /** A payment link (`plink_…`, which starts a session) or a checkout session (`cs_…`). */
  id: string;
  mode?: CheckoutLayout;
  /** The buyer's first choice of currency (the checkout address's `currencyId`). */
  currencyId?: string;
  /** Extra query parameters for starting a session from a link (seed 001 §7, e.g. `livemode`). */
  extraParams?: Record<string, string>;
  /** A link started this session: a standalone page shows `/checkout/pay/{id}` from now on. */
  onSessionStarted?: (sessionId: string) => void;
  onPaid?: (session: CheckoutSession) => void;
  /** Every refused call, after it is shown. */
  onError?: (error: unknown) => void;
  /** Shows a cancel button on the form and on the error pages; gets the session once it is known. */
  onCancel?: (session: CheckoutSession | undefined) => void;
  /** Shows a back arrow. */
  goBack?: () => void;
}

/**
 * Kiosk's checkout, embeddable (seed 000 §2, seed 001 §2 "Checkout screen"): a loading skeleton, then
 * an error (Oops), an expired session, an empty cart, the form, or the completed payment. Needs a
 * KioskProvider, a QueryClientProvider and the Kiosk i18n instance above it.
 */
export function CheckoutForm({
  id,
  mode = 'inline',
  currencyId,
  extraParams,
  onSessionStarted,
  onPaid,
  onError,
  onCancel,
  goBack,
}: CheckoutFormProps) {
  const valid = isCheckoutId(id);
  const [pay, dispatch] = useReducer(payReducer, initialPayState);
  const checkout = useCheckout(id, {
    enabled: valid,
    polling: pay.step === 'paying',
    extraParams: extraParams && new URLSearchParams(extraParams).toString(),
  });
  const { envelope, sessionId } = checkout;
  // Expiry is judged on this device's clock at render; a minute's tick keeps it honest while open.
  const [now, setNow] = useState(nowUnix);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowUnix()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const state = valid ? checkoutPageState({ envelope, error: checkout.error, now }) : 'error';

  // Seed 000 §4: the realtime events refresh the session; polling covers a socket that never opens.
  useRealtimeTopic(state === 'form' && sessionId ? `checkout:${sessionId}` : undefined, (event) => {
    if (event.type === 'checkout.session.completed' || event.type === 'invoice.paid') void checkout.refetch();
  });

  const startedReported = useRef<string>(undefined);
  useEffect(() => {
    if (id.startsWith('plink_') && sessionId && startedReported.current !== sessionId) {
      startedReported.current = sessionId;
      onSessionStarted?.(sessionId);
    }
  }, [id, sessionId, onSessionStarted]);

  const paidReported = useRef(false);
  useEffect(() => {
    if (state === 'completed' && envelope && !paidReported.current) {
      paidReported.current = true;
      onPaid?.(envelope.checkoutSession);
    }
  }, [state, envelope, onPaid]);

  usePayingWatch(pay, dispatch, envelope?.paymentIntent, state);

  const reportedError = useRef<unknown>(undefined);
  useEffect(() => {
    if (checkout.error && reportedError.current !== checkout.error) {
      reportedError.current = checkout.error;
      onError?.(checkout.error);
    }
  }, [checkout.error, onError]);

  // Seed 000 §4: a submit refused CUSTOMER_LIMITED opens the past-due dialog; paid, it submits again.
  const [limited, setLimited] = useState<{ retry: () => void }>();
  const retryAfterPaid = () => {
    setLimited(undefined);
    limited?.retry();
  };

  const cancel = onCancel && (() => onCancel(envelope?.checkoutSession));
  switch (state) {
    case 'loading':
      return <CheckoutLoading mode={mode} />;
    case 'error':
    case 'notFound':
    case 'expired':
    case 'empty':
      return (
        <CheckoutUnavailable state={state} id={id} valid={valid} error={checkout.error} onCancel={cancel} />
      );
    case 'completed':
      return <CheckoutSuccess session={envelope!.checkoutSession} />;
    case 'form':
      return (
        <>
          <CheckoutView
            envelope={envelope!}
            layout={mode}
            currencyId={currencyId}
            pay={pay}
            dispatch={dispatch}
            onRefresh={() => void checkout.refetch()}
            onCancel={cancel}
            goBack={goBack}
            onError={onError}
            onCustomerLimited={(retry) => setLimited({ retry })}
          />
          {limited && (
            <Suspense fallback={null}>
              <BuyerPastDueDialog
                livemode={envelope!.checkoutSession.livemode}
                onPaid={retryAfterPaid}
                onClose={() => setLimited(undefined)}
              />
            </Suspense>
          )}
        </>
      );
  }
}
