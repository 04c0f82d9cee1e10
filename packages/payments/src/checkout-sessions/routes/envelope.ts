import type { CheckoutSession } from '@kiosk/contracts';
import type { Locale } from '@kiosk/core';
import type { Deps } from '../../deps.ts';
import { findCustomerByDid } from '../../customers/service.ts';
import { getPaymentIntent } from '../../payment-intents/service.ts';
import { getPaymentLink } from '../../payment-links/service.ts';
import { listPaymentMethods, publicMethod } from '../../payment-methods/service.ts';

/**
 * Seed 001 §7: what start, retrieve and submit answer: the session with what its page needs. Only
 * the session's buyer (`viewer`, the caller's DID) sees who is buying: a session id travels in
 * addresses, so anyone else holding it gets the order without the buyer's details or wallet.
 */
export async function checkoutEnvelopeOf(
  deps: Deps,
  session: CheckoutSession,
  locale: Locale,
  viewer: string | undefined,
) {
  const ownBuyer = session.customer_did !== null && session.customer_did === viewer;
  const [methods, link, paymentIntent, customer] = await Promise.all([
    listPaymentMethods(deps.db, session.livemode, { activeOnly: true }),
    session.payment_link_id
      ? getPaymentLink(deps.db, session.livemode, session.payment_link_id, deps.baseUrl)
      : undefined,
    session.payment_intent_id ? getPaymentIntent(deps.db, session.payment_intent_id, locale) : undefined,
    ownBuyer ? findCustomerByDid(deps.db, session.livemode, session.customer_did!) : undefined,
  ]);
  return {
    checkoutSession: ownBuyer ? session : { ...session, customer_did: null, customer_details: {} },
    paymentMethods: methods.map((method) => publicMethod(deps.methods, method)),
    paymentLink: link ?? null,
    paymentIntent: paymentIntent ?? null,
    customer: customer ?? null,
  };
}
