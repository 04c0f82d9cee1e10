import { refundUnsupported } from './unsupported.ts';
import { type Charge, findCharge } from './charges.ts';
import { invalidRequest, resourceMissing } from './errors.ts';
import { recordEvent } from './events.ts';
import { formatMoney } from './money.ts';
import { mergeMetadata, type Metadata, optionalEnum, optionalInteger, optionalString } from './params.ts';
import { findPaymentIntent } from './payment-intents.ts';
import { listOf, type ApiCall, type Route } from './router.ts';
import { newId, nowSeconds, type Store } from './state.ts';

const reasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: {
    card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' };
    type: 'card';
  };
  metadata: Metadata;
  payment_intent: string;
  reason: (typeof reasons)[number] | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

/** The charge a refund is for: the one named, or the payment intent's successful one. */
function chargeToRefund(store: Store, call: ApiCall): Charge {
  const intentId = optionalString(call.params, 'payment_intent');
  const chargeId = optionalString(call.params, 'charge');
  if (intentId === undefined && chargeId === undefined) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  let charge: Charge | undefined;
  if (intentId !== undefined) {
    const intent = findPaymentIntent(store, intentId);
    charge =
      intent.status === 'succeeded' && intent.latest_charge
        ? store.charges.get(intent.latest_charge)
        : undefined;
    if (!charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
      });
    }
  }
  if (chargeId !== undefined) {
    const named = findCharge(store, chargeId, 'charge');
    if (charge && charge.id !== named.id) {
      throw invalidRequest(`Charge ${named.id} does not belong to PaymentIntent ${intentId}.`, {
        param: 'charge',
      });
    }
    charge = named;
  }
  if (!charge || charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${chargeId} has not succeeded and cannot be refunded.`, { param: 'charge' });
  }
  return charge;
}

function refundOf(store: Store, id: string): Refund {
  const refund = store.refunds.get(id);
  if (!refund) throw resourceMissing('refund', id);
  return refund;
}

export const refundRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/refunds',
    access: 'secret',
    params: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'instructions_email'],
    unsupported: refundUnsupported,
    handle(call, store) {
      const charge = chargeToRefund(store, call);
      const remaining = charge.amount - charge.amount_refunded;
      const amount = optionalInteger(call.params, 'amount', 1) ?? remaining;
      const reason = optionalEnum(call.params, 'reason', reasons) ?? null;
      const metadata = mergeMetadata({}, call.params);
      if (remaining === 0) {
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      if (amount > remaining) {
        throw invalidRequest(
          `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, charge.currency)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        balance_transaction: newId('txn'),
        charge: charge.id,
        created: nowSeconds(),
        currency: charge.currency,
        destination_details: {
          card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
          type: 'card',
        },
        metadata,
        payment_intent: charge.payment_intent,
        reason,
        receipt_number: null,
        source_transfer_reversal: null,
        status: 'succeeded',
        transfer_reversal: null,
      };
      store.refunds.set(refund.id, refund);
      const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      recordEvent(store, call, 'refund.created', refund);
      recordEvent(store, call, 'charge.refunded', charge, previous);
      return { json: refund };
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    access: 'secret',
    params: ['payment_intent', 'charge', 'limit', 'starting_after', 'ending_before', 'created'],
    handle(call, store) {
      const intent = optionalString(call.params, 'payment_intent');
      const charge = optionalString(call.params, 'charge');
      const refunds = [...store.refunds.values()].filter(
        (refund) =>
          (intent === undefined || refund.payment_intent === intent) &&
          (charge === undefined || refund.charge === charge),
      );
      return { json: listOf(refunds.reverse(), call) };
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    access: 'secret',
    params: [],
    handle: (call, store) => ({ json: refundOf(store, call.pathParams.id ?? '') }),
  },
  {
    method: 'POST',
    path: '/v1/refunds/:id',
    access: 'secret',
    params: ['metadata'],
    handle(call, store) {
      const refund = refundOf(store, call.pathParams.id ?? '');
      refund.metadata = mergeMetadata(refund.metadata, call.params);
      return { json: refund };
    },
  },
];
