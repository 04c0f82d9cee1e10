import { readFileSync } from 'node:fs';
import type { Route } from './router.ts';

// The Stripe.js stand-in (src/stripe-js/stripe-v3.js, written beside this package's server) is served
// as-is at /v3/, where a page loads it instead of https://js.stripe.com/v3/. It is read on each request,
// so a changed script needs no restart.

const scriptFile = new URL('./stripe-js/stripe-v3.js', import.meta.url);

const missingScript = `console.error('stripe-emulator: src/stripe-js/stripe-v3.js is missing, so window.Stripe is not defined');`;

function script() {
  try {
    return readFileSync(scriptFile, 'utf8');
  } catch {
    return missingScript;
  }
}

export const stripeJsRoutes: Route[] = [
  { method: 'GET', path: '/v3', access: 'open', handle: () => ({ script: script() }) },
  { method: 'GET', path: '/v3/', access: 'open', handle: () => ({ script: script() }) },
];
