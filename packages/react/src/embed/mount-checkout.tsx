import { CheckoutForm, type CheckoutFormProps } from '../checkout/CheckoutForm.tsx';
import { createCheckoutConnection, type CheckoutConnectionOptions } from './checkout-connection.tsx';
import { renderEmbedded } from './embed-root.tsx';

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
  const unmount = renderEmbedded(
    element,
    connection,
    primaryColor,
    <CheckoutForm {...formProps} mode={mode} />,
  );
  return { setAuthToken: connection.setAuthToken, unmount };
}
