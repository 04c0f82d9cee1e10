import { lazy, Suspense } from 'react';
import type { DonateWidgetProps } from '../donate/DonateWidget.tsx';
import { DonateWidgetSkeleton } from '../donate/DonateWidgetSkeleton.tsx';
import { createCheckoutConnection, type CheckoutConnectionOptions } from './checkout-connection.tsx';
import { renderEmbedded } from './embed-root.tsx';

// Its own chunk: a page that only sells does not download the widget with `/embed/checkout.js`.
const DonateWidget = lazy(() =>
  import('../donate/DonateWidget.tsx').then((module) => ({ default: module.DonateWidget })),
);

export interface MountDonationOptions extends DonateWidgetProps, CheckoutConnectionOptions {
  /** The host's brand colour for the button and highlights. */
  primaryColor?: string;
}

export interface MountedDonation {
  unmount(): void;
}

/**
 * Puts the donate widget into an element of any page: a button, the supporters, and the donation
 * form in a dialog. Nobody needs to be named: a donor may give without signing in (seed 000 §6). The
 * host's back end makes the donation for `target` first, with POST /api/donations and its secret key.
 */
export function mountDonation(element: Element, options: MountDonationOptions): MountedDonation {
  const { baseUrl, authToken, onAuthTokenExpired, locale, livemode, primaryColor, ...widgetProps } = options;
  const connection = createCheckoutConnection({ baseUrl, authToken, onAuthTokenExpired, locale, livemode });
  const unmount = renderEmbedded(
    element,
    connection,
    primaryColor,
    <Suspense fallback={<DonateWidgetSkeleton history={widgetProps.history ?? 'avatars'} />}>
      <DonateWidget {...widgetProps} />
    </Suspense>,
  );
  return { unmount };
}
