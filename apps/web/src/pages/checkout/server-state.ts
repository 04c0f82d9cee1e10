import type { QueryClient } from '@tanstack/react-query';
import type { CheckoutEnvelope, SessionAnswer } from '@kiosk/contracts';
import type { Locale } from '@kiosk/core';
import { SESSION_QUERY_KEY, seedCheckout } from '@kiosk/react';

/** The element of the page's HTML that carries what the server drew the checkout from. */
export const CHECKOUT_STATE_ID = 'kiosk-checkout-state';

/**
 * What the server drew the hosted checkout from (apps/web/src/checkout-server.tsx): the page's id,
 * the session as the retrieve or start route answered it (a link's page started its session), and
 * who is buying, as GET /api/session answered, and the language it chose. The page's scripts take
 * over from the same answers in the same language.
 */
export interface CheckoutServerState {
  id: string;
  envelope: CheckoutEnvelope;
  session: SessionAnswer;
  locale: Locale;
}

/** The queries the checkout reads, answered from the server's state: nothing is asked twice. */
export function seedCheckoutState(queryClient: QueryClient, state: CheckoutServerState): void {
  seedCheckout(queryClient, state.id, state.envelope);
  queryClient.setQueryData(SESSION_QUERY_KEY, state.session);
}

/** The state as a JSON data block (never run: the policy allows no inline script). */
export function checkoutStateElement(state: CheckoutServerState): string {
  // `<` escaped, so that no text of the session can close the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CHECKOUT_STATE_ID}">${json}</script>`;
}

/** The state the server put in this page, if it drew the checkout. */
export function readCheckoutState(): CheckoutServerState | undefined {
  const element = document.getElementById(CHECKOUT_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as CheckoutServerState) : undefined;
}
