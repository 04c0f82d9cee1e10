import type { PaymentCurrency } from '@kiosk/contracts';
import { cardFailure } from '@kiosk/core/card-failures';
import { isKioskError, KioskError } from '@kiosk/core';
import Stripe from 'stripe';
import type { Claim, PaymentContext, Prepared, PreparedPayment, Verdict } from '../adapter.ts';

/** The metadata by which a Stripe PaymentIntent names what it pays (a checkout session or a payment intent). */
export const PAYMENT_KEY = 'kiosk_payment';

/** Stripe's amount is a JavaScript number: Kiosk's bigint must fit it exactly. */
export function stripeAmount(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER))
    throw new KioskError('CARD_AMOUNT_TOO_LARGE', { status: 400 });
  return Number(amount);
}

/** A card currency's code as Stripe writes it. */
export const stripeCurrency = (currency: Pick<PaymentCurrency, 'symbol'>) => currency.symbol.toLowerCase();

/** Statuses in which a PaymentIntent's amount and currency may still change. */
const CHANGEABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const contextOf = (intent: Stripe.PaymentIntent): Prepared => ({
  context: {
    client_secret: intent.client_secret!,
    intent_type: 'payment_intent',
    status: intent.status,
  } satisfies PaymentContext,
  details: { payment_intent_id: intent.id },
});

/**
 * Opens the Stripe PaymentIntent of an order, or brings the one opened before to what the order costs
 * now. The create's idempotency key names the order and its terms, so submits racing for one order (or
 * a retry after a lost answer) make one PaymentIntent.
 */
export async function prepareCardPayment(
  stripe: Stripe,
  currency: PaymentCurrency,
  payment: PreparedPayment,
  previous: Record<string, string> | undefined,
): Promise<Prepared> {
  const asked = { amount: stripeAmount(payment.amount), currency: stripeCurrency(currency) };
  try {
    if (previous?.payment_intent_id) {
      const open = await stripe.paymentIntents.retrieve(previous.payment_intent_id);
      if (open.metadata[PAYMENT_KEY] === payment.key && open.status !== 'canceled') {
        const changed = open.amount !== asked.amount || open.currency !== asked.currency;
        if (!changed) return contextOf(open);
        // Paid or being paid for the order as it was: its record settles it, the order waits for that.
        if (!CHANGEABLE.has(open.status)) throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
        const key = `kiosk:${payment.key}:${open.id}:${asked.currency}:${asked.amount}`;
        return contextOf(await stripe.paymentIntents.update(open.id, asked, { idempotencyKey: key }));
      }
    }
    const created = await stripe.paymentIntents.create(
      {
        ...asked,
        // The Payment Element offers what the account has on, minus whatever would leave the page.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: payment.description ?? undefined,
        ...(payment.customer.email && { receipt_email: payment.customer.email }),
        metadata: { [PAYMENT_KEY]: payment.key, kiosk_customer_did: payment.customer.did },
      },
      { idempotencyKey: `kiosk:${payment.key}:${asked.currency}:${asked.amount}` },
    );
    return contextOf(created);
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * The order's PaymentIntent, before the order moves to another method: canceled at Stripe, so that
 * the page it was opened for can no longer pay it; refused with 409 while it is paid or being paid
 * (its webhook or the buyer's return records that payment against the order as it was).
 */
export async function releaseCardPayment(stripe: Stripe, previous: Record<string, string>): Promise<void> {
  if (!previous.payment_intent_id) return;
  try {
    const open = await stripe.paymentIntents.retrieve(previous.payment_intent_id);
    if (open.status === 'canceled') return;
    if (!CHANGEABLE.has(open.status)) throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
    await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' });
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * Stripe refusing the request itself (an amount below its minimum, a currency the account cannot
 * take, bad keys) is the merchant's setup or the order, not an outage: a 400 that says so. Anything
 * else is Stripe out of reach, thrown as it is (the caller answers 503 or asks again later).
 */
export function refusalOf(error: unknown): unknown {
  if (isKioskError(error)) return error;
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError
  )
    return new KioskError('CARD_PAYMENT_REFUSED', {
      status: 400,
      params: { reason: error.code ?? error.type },
    });
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  )
    return new KioskError('CARD_METHOD_MISCONFIGURED', { status: 400 });
  return error;
}

/**
 * What Stripe says of a PaymentIntent, as a verdict on the claim: Stripe alone decides, and the
 * PaymentIntent must be the one opened for the claimed order. Throws when Stripe cannot be asked.
 */
export async function verifyCardPayment(
  stripe: Stripe,
  currency: PaymentCurrency,
  others: PaymentCurrency[],
  claim: Claim,
): Promise<Verdict> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(claim.reference);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
      return { outcome: 'pending', reason: 'NOT_FOUND' };
    throw error;
  }
  if (intent.metadata[PAYMENT_KEY] !== claim.paymentKey)
    return { outcome: 'rejected', reason: 'WRONG_PAYMENT' };
  switch (intent.status) {
    case 'succeeded': {
      const received = {
        reference: intent.id,
        amount: BigInt(intent.amount_received),
        payer: idOf(intent.customer) ?? idOf(intent.payment_method) ?? intent.id,
        details: Object.fromEntries(
          Object.entries({
            payment_intent_id: intent.id,
            charge_id: idOf(intent.latest_charge),
            payment_method_id: idOf(intent.payment_method),
            customer_id: idOf(intent.customer),
          }).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      };
      if (intent.currency === stripeCurrency(currency)) return { outcome: 'received', ...received };
      // Paid in another of the method's currencies than the order asks now: refundable, pays nothing.
      const paidIn = others.find((c) => stripeCurrency(c) === intent.currency);
      return {
        outcome: 'rejected',
        reason: 'WRONG_TOKEN',
        ...(paidIn && { arrived: { ...received, currencyId: paidIn.id } }),
      };
    }
    case 'canceled':
      return { outcome: 'rejected', reason: 'PAYMENT_CANCELED' };
    case 'requires_payment_method':
      // Tried and refused (a decline, a failed 3-D Secure), or never tried yet.
      return intent.last_payment_error
        ? { outcome: 'rejected', reason: cardFailure(intent.last_payment_error) }
        : { outcome: 'pending', reason: 'NOT_FOUND' };
    default:
      // processing, requires_action (3-D Secure under way), requires_confirmation, requires_capture
      return { outcome: 'pending', reason: 'CONFIRMATIONS' };
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;
