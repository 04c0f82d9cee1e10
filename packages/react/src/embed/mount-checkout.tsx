import { lazy, Suspense } from 'react';
import type { CheckoutFormProps } from '../checkout/CheckoutForm.tsx';
import { CheckoutLoading } from '../checkout/states/CheckoutSkeleton.tsx';
import { prefetchCheckout } from '../checkout/use-checkout.ts';
import { createCheckoutConnection, type CheckoutConnectionOptions } from './checkout-connection.tsx';
import { renderEmbedded } from './embed-root.tsx';

// The form's own code (the form library, the order's and payment's parts) is a chunk of its own, as
// on the hosted checkout: the host page draws the skeleton while it arrives beside the session's answer.
const CheckoutForm = lazy(() =>
  import('../checkout/CheckoutForm.tsx').then((module) => ({ default: module.CheckoutForm })),
);

export interface MountCheckoutOptions
  extends Omit<CheckoutFormProps, 'onSessionStarted'>, Omit<CheckoutConnectionOptions, 'livemode'> {
  /** The buyer, named by the host's back end (required: a checkout sells to someone). */
  authToken: string;
  /** The host's brand colour for buttons and highlights. */
  primaryColor?: string;
}

export interface MountedCheckout {
  /** Hands the form a fresh authToken: later calls carry it, and nothing the buyer entered is lost. */
  setAuthToken(token: string): void;
  unmount(): void;
}

/**
 * Puts Kiosk's checkout into an element of a page on another origin (seed 000 §6: a base URL and an
 * auth token). It brings its own theme, texts and query cache (and in `/embed/checkout.js` its own
 * React).
 */
export function mountCheckout(element: Element, options: MountCheckoutOptions): MountedCheckout {
  const {
    baseUrl,
    authToken,
    onAuthTokenExpired,
    locale,
    primaryColor,
    mode = 'inline',
    ...formProps
  } = options;
  const connection = createCheckoutConnection({ baseUrl, authToken, onAuthTokenExpired, locale });
  // Before the first render: the answers are on their way while the form's code loads.
  const { id, extraParams } = formProps;
  prefetchCheckout(
    connection.queryClient,
    connection.client,
    id,
    extraParams && new URLSearchParams(extraParams).toString(),
  );
  const unmount = renderEmbedded(
    element,
    connection,
    primaryColor,
    <Suspense fallback={<CheckoutLoading mode={mode} />}>
      <CheckoutForm {...formProps} mode={mode} />
    </Suspense>,
  );
  return { setAuthToken: connection.setAuthToken, unmount };
}
