import Stripe from 'stripe';
import type { RailRefund, Received, RefundRequest, RefundVerdict } from '../adapter.ts';

/** The metadata by which a Stripe refund names the Kiosk refund it is. */
export const REFUND_KEY = 'kiosk_refund';

/**
 * Refunds `amount` of the card payment `received` at Stripe. The create's idempotency key is the
 * Kiosk refund, so a retry (a crash, a lost answer) gets the refund made the first time back from
 * Stripe instead of a second one. A refund Stripe is still making (`previous` names it) is read
 * instead. Stripe out of reach throws: the refund is asked again later.
 */
export async function refundCardPayment(
  stripe: Stripe,
  received: Received,
  amount: bigint,
  refund: RefundRequest,
): Promise<RefundVerdict> {
  let made: Stripe.Refund;
  try {
    made = refund.previous?.refund_id
      ? await stripe.refunds.retrieve(refund.previous.refund_id)
      : await stripe.refunds.create(
          {
            payment_intent: received.details.payment_intent_id ?? received.reference,
            amount: Number(amount),
            ...(refund.reason && { reason: refund.reason }),
            metadata: { [REFUND_KEY]: refund.key },
          },
          { idempotencyKey: `kiosk:${refund.key}` },
        );
  } catch (error) {
    return refusalOf(error);
  }
  const details = { refund_id: made.id };
  const outcome = outcomeOf(made.status);
  // Pending: read again on the next attempt (or when Stripe's charge.refunded says it changed).
  return outcome === 'failed' ? { outcome, reason: 'REFUND_FAILED', details } : { outcome, details };
}

/**
 * Every refund Stripe records of the card payment `received`, newest first: Kiosk's carry its refund in
 * their metadata, the others were made in Stripe's dashboard (or its API by another system).
 */
export async function listCardRefunds(stripe: Stripe, received: Received): Promise<RailRefund[]> {
  const refunds: RailRefund[] = [];
  const list = stripe.refunds.list({
    payment_intent: received.details.payment_intent_id ?? received.reference,
    limit: 100,
  });
  for await (const refund of list) {
    const key = refund.metadata?.[REFUND_KEY];
    refunds.push({
      ...(key && { key }),
      amount: BigInt(refund.amount),
      reference: refund.id,
      outcome: outcomeOf(refund.status),
      details: { refund_id: refund.id },
    });
  }
  return refunds;
}

function outcomeOf(status: string | null): RailRefund['outcome'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  // pending, requires_action: Stripe completes it later.
  return 'pending';
}

/**
 * Stripe refusing the refund itself is a verdict: less is left to refund there than Kiosk knows (a
 * refund made in the Stripe dashboard), another refusal of the request, or keys it does not take.
 * Anything else is Stripe out of reach (or a concurrent request with the same key), thrown as it is.
 */
function refusalOf(error: unknown): RefundVerdict {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const made = error.code === 'charge_already_refunded' || error.code === 'amount_too_large';
    return { outcome: 'failed', reason: made ? 'REFUND_ALREADY_MADE' : 'REFUND_REFUSED' };
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  )
    return { outcome: 'failed', reason: 'CARD_METHOD_MISCONFIGURED' };
  throw error;
}
