import type { Decline } from './cards.ts';
import { resourceMissing } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Metadata } from './params.ts';
import { optionalString } from './params.ts';
import type { PaymentIntent } from './payment-intents.ts';
import type { PaymentMethod } from './payment-methods.ts';
import { listOf, type Route } from './router.ts';
import { newId, nowSeconds, type Origin, type Store } from './state.ts';

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  billing_details: PaymentMethod['billing_details'];
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: false;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: {
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    risk_score: number;
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    card: {
      brand: string;
      country: string;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      funding: string;
      last4: string;
      network: string;
      three_d_secure: { authentication_flow: 'challenge'; result: 'authenticated'; version: '2.2.0' } | null;
    };
    type: 'card';
  };
  receipt_email: null;
  receipt_url: null;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

export function findCharge(store: Store, id: string, param = 'id'): Charge {
  const charge = store.charges.get(id);
  if (!charge) throw resourceMissing('charge', id, param);
  return charge;
}

function outcomeOf(decline: Decline | undefined): Charge['outcome'] {
  if (!decline) {
    const message = 'Payment complete.';
    return {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: message,
      type: 'authorized',
    };
  }
  const reason = decline.declineCode ?? decline.code;
  return {
    network_status: 'declined_by_network',
    reason,
    risk_level: 'normal',
    risk_score: 20,
    seller_message:
      reason === 'generic_decline'
        ? 'The bank did not return any further details with this decline.'
        : `The bank returned the decline code \`${reason}\`.`,
    type: 'issuer_declined',
  };
}

/** The charge a confirm makes, succeeded or failed, with its event. */
export function makeCharge(
  store: Store,
  origin: Origin,
  intent: PaymentIntent,
  method: PaymentMethod,
  result: { decline?: Decline; authenticated: boolean },
): Charge {
  const paid = !result.decline;
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: paid ? intent.amount : 0,
    amount_refunded: 0,
    balance_transaction: paid ? newId('txn') : null,
    billing_details: structuredClone(method.billing_details),
    captured: paid,
    created: nowSeconds(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_code: result.decline?.code ?? null,
    failure_message: result.decline?.message ?? null,
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: outcomeOf(result.decline),
    paid,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      card: {
        brand: method.card.brand,
        country: method.card.country,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
        fingerprint: method.card.fingerprint,
        funding: method.card.funding,
        last4: method.card.last4,
        network: method.card.brand,
        three_d_secure: result.authenticated
          ? { authentication_flow: 'challenge', result: 'authenticated', version: '2.2.0' }
          : null,
      },
      type: 'card',
    },
    receipt_email: null,
    receipt_url: null,
    refunded: false,
    status: paid ? 'succeeded' : 'failed',
  };
  store.charges.set(charge.id, charge);
  recordEvent(store, origin, paid ? 'charge.succeeded' : 'charge.failed', charge);
  return charge;
}

export const chargeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/charges/:id',
    access: 'secret',
    params: [],
    handle: (call, store) => ({ json: findCharge(store, call.pathParams.id ?? '') }),
  },
  {
    method: 'GET',
    path: '/v1/charges',
    access: 'secret',
    params: ['payment_intent', 'customer', 'limit', 'starting_after', 'ending_before', 'created'],
    handle(call, store) {
      const intent = optionalString(call.params, 'payment_intent');
      const customer = optionalString(call.params, 'customer');
      const charges = [...store.charges.values()].filter(
        (charge) =>
          (intent === undefined || charge.payment_intent === intent) &&
          (customer === undefined || charge.customer === customer),
      );
      return { json: listOf(charges.reverse(), call) };
    },
  },
];
