import type { CardMandateInstructions, PaymentCurrency } from '@kiosk/contracts';
import { cardFailure, type CardFailure } from '@kiosk/core/card-failures';
import Stripe from 'stripe';
import type {
  CollectCharge,
  CollectVerdict,
  MandateRequest,
  MandateVerdict,
  PaymentContext,
  Prepared,
  PreparedMandate,
  StoredMandate,
} from '../adapter.ts';
import { refusalOf, stripeAmount, stripeCurrency } from './payments.ts';

/**
 * Subscriptions by card, as Stripe Billing takes them: the customer saves the card once with a
 * SetupIntent for off-session use (3-D Secure asked then, when the bank wants it), and each cycle
 * Kiosk's billing engine charges it off session with a PaymentIntent of its own. The mandate is the
 * saved card: its id is the PaymentMethod's, its payer the Stripe Customer that holds it.
 */

/** The metadata by which a SetupIntent names what it is for (a checkout session). */
export const MANDATE_KEY = 'kiosk_mandate';
/** The metadata by which an off-session PaymentIntent names the invoice it pays. */
export const INVOICE_KEY = 'kiosk_invoice';

const contextOf = (intent: Stripe.SetupIntent): Prepared => ({
  context: {
    client_secret: intent.client_secret!,
    intent_type: 'setup_intent',
    status: intent.status,
  } satisfies PaymentContext,
  details: { setup_intent_id: intent.id, customer_id: idOf(intent.customer)! },
});

/**
 * Opens the SetupIntent in which the customer saves their card for the subscription, or brings back
 * the one opened before for the same checkout. Its Customer is made once per checkout (idempotency key),
 * so submits racing for one order save the card on one customer.
 */
export async function prepareCardMandate(
  stripe: Stripe,
  mandate: PreparedMandate,
  previous: Record<string, string> | undefined,
): Promise<Prepared> {
  try {
    if (previous?.setup_intent_id) {
      const open = await stripe.setupIntents.retrieve(previous.setup_intent_id);
      if (open.metadata?.[MANDATE_KEY] === mandate.key && open.status !== 'canceled') return contextOf(open);
    }
    const customer =
      previous?.customer_id ??
      (
        await stripe.customers.create(
          {
            ...(mandate.customer.email && { email: mandate.customer.email }),
            ...(mandate.customer.name && { name: mandate.customer.name }),
            metadata: { kiosk_customer_did: mandate.customer.did },
          },
          { idempotencyKey: `kiosk:${mandate.key}:customer` },
        )
      ).id;
    const created = await stripe.setupIntents.create(
      {
        customer,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: mandate.description ?? undefined,
        metadata: { [MANDATE_KEY]: mandate.key, kiosk_customer_did: mandate.customer.did },
      },
      { idempotencyKey: `kiosk:${mandate.key}:setup:${customer}` },
    );
    return contextOf(created);
  } catch (error) {
    throw refusalOf(error);
  }
}

/** The terms a card subscription's customer agrees to when they save their card. */
export function cardMandateInstructions(
  currency: PaymentCurrency,
  request: MandateRequest,
): CardMandateInstructions {
  return {
    type: 'card_mandate',
    max_per_cycle: request.maxPerCycle.toString(),
    starts_at: request.startsAt,
    interval: request.recurring.interval,
    interval_count: request.recurring.interval_count,
    currency_id: currency.id,
    decimal: currency.decimal,
    symbol: currency.symbol,
  };
}

/**
 * Whether the customer saved their card for the subscription: read from the SetupIntent the checkout
 * opened (`request.rail`), trusting nothing the page said. Until it succeeds it is pending: a declined
 * card stays on the form, which says why, and the customer tries another.
 */
export async function verifyCardMandate(stripe: Stripe, request: MandateRequest): Promise<MandateVerdict> {
  const setupIntentId = request.rail?.setup_intent_id;
  if (!setupIntentId) return { outcome: 'pending', reason: 'NOT_FOUND' };
  const intent = await stripe.setupIntents.retrieve(setupIntentId);
  const method = idOf(intent.payment_method);
  const customer = idOf(intent.customer);
  if (intent.status !== 'succeeded' || !method || !customer)
    return { outcome: 'pending', reason: 'NOT_FOUND' };
  return {
    outcome: 'authorized',
    id: method,
    payer: customer,
    details: { setup_intent_id: intent.id, customer_id: customer, payment_method_id: method },
  };
}

/** Failures no retry mends without the customer: they act (confirm the payment, change the card). */
const FINAL = new Set<CardFailure>(['CARD_AUTHENTICATION_REQUIRED', 'CARD_EXPIRED', 'CARD_INCORRECT_NUMBER']);

/**
 * One cycle's charge of a saved card, off session. The idempotency key names the invoice and the
 * attempt: a retry after a crash or a lost answer gets Stripe's first answer again (one charge, ever),
 * while the next attempt after a refusal is a new charge.
 */
export async function collectByCard(
  stripe: Stripe,
  currency: PaymentCurrency,
  mandate: StoredMandate,
  charge: CollectCharge,
): Promise<CollectVerdict> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: stripeAmount(charge.amount),
        currency: stripeCurrency(currency),
        customer: mandate.payer,
        payment_method: mandate.id,
        off_session: true,
        confirm: true,
        metadata: { [INVOICE_KEY]: charge.invoiceId },
      },
      { idempotencyKey: `kiosk:collect:${charge.invoiceId}:${charge.attempt}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const reason = cardFailure(error);
      return { outcome: 'failed', reason, final: FINAL.has(reason) };
    }
    throw error;
  }
  // The create's answer may be a replay of an earlier one: what the charge is now is read.
  if (intent.status !== 'succeeded') intent = await stripe.paymentIntents.retrieve(intent.id);
  if (intent.status === 'succeeded')
    return {
      outcome: 'received',
      reference: intent.id,
      amount: BigInt(intent.amount_received),
      payer: mandate.payer,
      details: {
        payment_intent_id: intent.id,
        ...(idOf(intent.latest_charge) && { charge_id: idOf(intent.latest_charge)! }),
        payment_method_id: mandate.id,
        customer_id: mandate.payer,
      },
    };
  if (intent.status === 'processing') return { outcome: 'waiting', retryAt: charge.now };
  const reason = intent.last_payment_error ? cardFailure(intent.last_payment_error) : 'CARD_DECLINED';
  return { outcome: 'failed', reason, final: FINAL.has(reason) };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;
