import type { Charge, EventRecord, PaymentIntent, PaymentMethod, Refund } from '@kiosk/contracts';
import {
  checkoutSession,
  customer,
  jsonResponse,
  mockApi,
  paymentIntent,
  paymentMethod,
  type ApiHandler,
} from '@kiosk/react/testing';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';

/** The fixtures' clock: 2026-01-02, in Unix seconds. */
export const PAID_AT = 1_767_312_000;
export const USD = 'pc_usd';
export const KDT = 'pc_kdt';

/** A Stripe account as the merchant API answers it: its dashboard, USD in cents. */
export function cardMethod(): PaymentMethod {
  const base = paymentMethod();
  return {
    ...base,
    id: 'pm_card',
    type: 'stripe',
    name: 'Cards',
    settings: { publishable_key: 'pk_test_1234', dashboard: 'https://dashboard.stripe.com' },
    default_currency_id: USD,
    payment_currencies: [
      {
        ...base.payment_currencies[0]!,
        id: USD,
        payment_method_id: 'pm_card',
        name: 'US dollar',
        symbol: 'USD',
        decimal: 2,
        maximum_precision: 2,
        contract: null,
      },
    ],
  };
}

/** The local chain with its explorer, taking KDT (6 decimals). */
export function chainMethod(): PaymentMethod {
  const base = paymentMethod();
  return { ...base, settings: { chain_id: 31337, explorer_host: 'https://explorer.example/' } };
}

export function cardPayment(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return paymentIntent({
    status: 'succeeded',
    amount: '1200',
    amount_received: '1200',
    currency_id: USD,
    payment_method_id: 'pm_card',
    ...overrides,
  });
}

export function charge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: 'ch_1',
    object: 'charge',
    livemode: false,
    status: 'succeeded',
    payment_intent_id: 'pi_1',
    payment_method_id: 'pm_card',
    currency_id: USD,
    amount_due: '1200',
    reference: 'pi_stripe_1',
    amount: '1200',
    payer: 'cus_stripe_1',
    details: {},
    amount_refundable: '0',
    refund_reason: null,
    amount_refunded: '0',
    failure_code: null,
    last_check_error: null,
    undone_at: null,
    created_at: PAID_AT,
    updated_at: PAID_AT,
    ...overrides,
  };
}

export function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 're_1',
    object: 'refund',
    livemode: false,
    status: 'succeeded',
    type: 'refund',
    amount: '1200',
    currency_id: USD,
    payment_intent_id: 'pi_1',
    charge_id: 'ch_1',
    payment_method_id: 'pm_card',
    reason: 'requested_by_customer',
    description: null,
    metadata: {},
    failure_code: null,
    attempt_count: 1,
    last_attempt_error: null,
    payment_details: {},
    created_at: PAID_AT + 60,
    updated_at: PAID_AT + 60,
    next_action: null,
    transfer_reference: null,
    ...overrides,
  };
}

let eventCount = 0;

/** An event of `object`, carrying it as it stands (the outbox's snapshot). */
export function event(type: string, object: PaymentIntent | Charge | Refund, at = PAID_AT): EventRecord {
  eventCount += 1;
  return {
    id: `evt_${String(eventCount).padStart(4, '0')}`,
    object: 'event',
    livemode: object.livemode,
    type,
    object_type: object.object,
    object_id: object.id,
    data: object as unknown as Record<string, unknown>,
    created_at: at,
  };
}

export interface MerchantPayment {
  intent: PaymentIntent;
  methods: PaymentMethod[];
  charges: Charge[];
  refunds: Refund[];
  /** Oldest first, as recorded; the API answers them newest first. */
  events: EventRecord[];
}

/** A card payment of 12 USD paid by one charge, at checkout, by the fixture buyer, and invoiced. */
export function paidByCard(): MerchantPayment {
  const intent = cardPayment();
  const paid = charge();
  return {
    intent,
    methods: [cardMethod(), chainMethod()],
    charges: [paid],
    refunds: [],
    events: [
      event('payment_intent.created', { ...intent, status: 'requires_action' }, PAID_AT - 120),
      event('charge.succeeded', paid, PAID_AT),
      event('payment_intent.succeeded', intent, PAID_AT),
    ],
  };
}

/**
 * The merchant API of one payment, as the server keeps it: a succeeded refund lowers what is left and
 * records its events. `routes` answer instead where a test needs another answer (a refusal).
 */
export function mockPaymentApi(payment: MerchantPayment, routes: Record<string, ApiHandler> = {}) {
  const { intent } = payment;
  const newestFirst = <T>(list: T[]) => ({ list: [...list].reverse(), count: list.length });
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': () => ({ list: payment.methods, count: payment.methods.length }),
    [`GET /api/payment-intents/${intent.id}`]: () => intent,
    'GET /api/charges': () => ({ list: payment.charges, count: payment.charges.length }),
    'GET /api/refunds': () => newestFirst(payment.refunds),
    'GET /api/events': () => newestFirst(payment.events),
    [`GET /api/checkout-sessions/${intent.checkout_session_id}`]: () =>
      checkoutSession({
        id: intent.checkout_session_id!,
        status: 'complete',
        customer_did: 'did:pkh:eip155:1:0xbuyer',
        customer_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
      }),
    'GET /api/customers/cus_1': () => customer({ name: 'Ada Byron', email: 'ada.now@example.com' }),
    'GET /api/invoices/in_1': () => ({ id: 'in_1', number: 'KSK-20260102-AB12CD', livemode: false }),
    'POST /api/refunds': ({ body }) => {
      const asked = body as { charge_id: string; amount: string; reason: Refund['reason'] };
      const paid = payment.charges.find((c) => c.id === asked.charge_id)!;
      const made = refund({
        id: `re_${payment.refunds.length + 1}`,
        amount: asked.amount,
        reason: asked.reason,
        charge_id: paid.id,
      });
      paid.amount_refunded = String(BigInt(paid.amount_refunded) + BigInt(asked.amount));
      payment.refunds.push(made);
      payment.events.push(
        event('refund.created', { ...made, status: 'pending' }),
        event('refund.succeeded', made),
      );
      return jsonResponse(made, 201);
    },
    ...routes,
  });
}
