import type { Route } from './router.ts';
import { stripeJsSource } from './stripe-js/source.ts';

// The Stripe.js stand-in (src/stripe-js/, its parts joined by source.ts) is served at /v3/, where a page
// loads it instead of https://js.stripe.com/v3/. It is read on each request, so a changed script needs
// no restart.

export const stripeJsRoutes: Route[] = [
  { method: 'GET', path: '/v3', access: 'open', handle: () => ({ script: stripeJsSource() }) },
  { method: 'GET', path: '/v3/', access: 'open', handle: () => ({ script: stripeJsSource() }) },
];
