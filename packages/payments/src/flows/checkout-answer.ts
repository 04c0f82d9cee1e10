import type { CheckoutSession } from '@kiosk/contracts';
import type { Locale } from '@kiosk/core';
import type { Deps } from '../deps.ts';
import { listPaymentMethods, publicMethod } from '../payment-methods/service.ts';
import { getPaymentLink } from '../payment-links/queries.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { getPaymentIntent } from '../payment-intents/queries.ts';

export type CheckoutEnvelope = Awaited<ReturnType<typeof buyerEnvelopeOf>>;

/**
 * Seed 001 §7: what start, retrieve and submit answer: the session with what its page needs, as the
 * session's own buyer sees it (with their customer record).
 */
export async function buyerEnvelopeOf(deps: Deps, session: CheckoutSession, locale: Locale) {
  const [methods, link, paymentIntent, customer] = await Promise.all([
    listPaymentMethods(deps.db, session.livemode, { activeOnly: true }),
    session.payment_link_id
      ? getPaymentLink(deps.db, session.livemode, session.payment_link_id, deps.baseUrl)
      : undefined,
    session.payment_intent_id ? getPaymentIntent(deps.db, session.payment_intent_id, locale) : undefined,
    session.customer_did ? findCustomerByDid(deps.db, session.livemode, session.customer_did) : undefined,
  ]);
  return {
    checkoutSession: session,
    paymentMethods: methods.map((method) => publicMethod(deps.methods, method)),
    paymentLink: link ?? null,
    paymentIntent: paymentIntent ?? null,
    customer: customer ?? null,
  };
}

/**
 * What `viewer` (the caller's DID) may see of it. A session id travels in addresses, so anyone but
 * the session's buyer gets the order without the buyer's details, wallet or customer record.
 */
export function envelopeFor(envelope: CheckoutEnvelope, viewer: string | undefined): CheckoutEnvelope {
  const session = envelope.checkoutSession;
  if (session.customer_did !== null && session.customer_did === viewer) return envelope;
  return {
    ...envelope,
    checkoutSession: { ...session, customer_did: null, customer_details: {} },
    customer: null,
  };
}

export async function checkoutEnvelopeOf(
  deps: Deps,
  session: CheckoutSession,
  locale: Locale,
  viewer: string | undefined,
): Promise<CheckoutEnvelope> {
  return envelopeFor(await buyerEnvelopeOf(deps, session, locale), viewer);
}
