import type { CheckoutSession, Customer, PaymentIntent, PaymentMethod, SubmitAnswer } from '@kiosk/contracts';
import type { Locale } from '@kiosk/core';
import type { Deps } from '../deps.ts';
import { publicMethod } from '../payment-methods/view.ts';
import { getPaymentLink } from '../payment-links/queries.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { getPaymentIntent } from '../payment-intents/queries.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';
import { paymentIntentView } from '../payment-intents/view.ts';
import { sessionView } from '../checkout-sessions/queries.ts';
import type { Submitted } from './submit-checkout.ts';

export type CheckoutEnvelope = Awaited<ReturnType<typeof buyerEnvelopeOf>>;

/**
 * Seed 001 §7: what start, retrieve and submit answer: the session with what its page needs, as the
 * session's own buyer sees it (with their customer record).
 */
export async function buyerEnvelopeOf(
  deps: Deps,
  session: CheckoutSession,
  locale: Locale,
  known: Partial<{ methods: PaymentMethod[]; paymentIntent: PaymentIntent; customer: Customer }> = {},
) {
  const [methods, link, paymentIntent, customer] = await Promise.all([
    known.methods ?? listPaymentMethods(deps.db, session.livemode, { activeOnly: true }),
    session.payment_link_id
      ? getPaymentLink(deps.db, session.livemode, session.payment_link_id, deps.baseUrl)
      : undefined,
    known.paymentIntent ??
      (session.payment_intent_id ? getPaymentIntent(deps.db, session.payment_intent_id, locale) : undefined),
    known.customer ??
      (session.customer_did ? findCustomerByDid(deps.db, session.livemode, session.customer_did) : undefined),
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
 * the session's buyer gets the order without the buyer's details, wallet or customer record, and a
 * paid order without who paid and by which transfer (the merchant reads those on the payment).
 */
export function envelopeFor(envelope: CheckoutEnvelope, viewer: string | undefined): CheckoutEnvelope {
  const session = envelope.checkoutSession;
  if (session.customer_did !== null && session.customer_did === viewer) return envelope;
  const intent = envelope.paymentIntent;
  return {
    ...envelope,
    checkoutSession: { ...session, customer_did: null, customer_details: {} },
    paymentIntent: intent && { ...intent, payment_details: {} },
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

/** Submit's answer, from what submit read and wrote: no row of it is read again. */
export async function submittedEnvelopeOf(
  deps: Deps,
  submitted: Submitted,
  locale: Locale,
  viewer: string | undefined,
): Promise<CheckoutEnvelope> {
  const session = await sessionView(deps.db, submitted.session, deps.baseUrl, submitted.prices);
  const known = {
    methods: submitted.methods,
    customer: submitted.customer,
    ...(submitted.intent ? { paymentIntent: paymentIntentView(submitted.intent, locale) } : {}),
  };
  return envelopeFor(await buyerEnvelopeOf(deps, session, locale, known), viewer);
}

/** Seed 000 §7: what submit (and donate-submit) answers. */
export async function submitAnswerOf(
  deps: Deps,
  submitted: Submitted,
  locale: Locale,
  viewer: string | undefined,
): Promise<SubmitAnswer> {
  return {
    ...(await submittedEnvelopeOf(deps, submitted, locale, viewer)),
    customer: submitted.customer,
    paymentInstructions: submitted.instructions,
    mandateInstructions: submitted.mandate,
    balance: { sufficient: false },
    delegation: { sufficient: false },
    fastPayInfo: null,
    stripeContext: submitted.context,
  };
}
