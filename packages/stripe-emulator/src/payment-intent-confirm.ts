import { declines } from './cards.ts';
import { makeCharge } from './charges.ts';
import {
  type Attempt,
  authenticationFailure,
  judgePayment,
  lastError,
  methodToConfirm,
  offSessionOf,
  threeDSecureAction,
} from './confirm.ts';
import { cardError, type StripeApiError, unexpectedState } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Params } from './form.ts';
import { isGiven, optionalBoolean, optionalEnum } from './params.ts';
import { editablePaymentIntent, futureUsages, type PaymentIntent } from './payment-intent-object.ts';
import { attachPaymentMethod, cardStateOf, checkUsable, type PaymentMethod } from './payment-methods.ts';
import type { Origin, Store } from './state.ts';

// Confirming a payment intent: the card is judged, challenged, charged or declined.

export interface Confirmation {
  method: PaymentMethod;
  offSession: boolean;
  /** error_on_requires_action: a challenge fails the attempt instead of waiting for the customer. */
  errorOnRequiresAction: boolean;
  setupFutureUsage: PaymentIntent['setup_future_usage'] | undefined;
}

/** Everything a confirm could refuse with a 400, checked before anything changes. */
export function prepareConfirm(store: Store, params: Params, intent: PaymentIntent): Confirmation {
  if (!editablePaymentIntent.includes(intent.status)) {
    throw unexpectedState(
      'payment_intent_unexpected_state',
      intent.status === 'succeeded'
        ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
        : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
    );
  }
  const setupFutureUsage = isGiven(params, 'setup_future_usage')
    ? (optionalEnum(params, 'setup_future_usage', futureUsages) ?? null)
    : undefined;
  const offSession = offSessionOf(params);
  const method = methodToConfirm(store, params, intent.payment_method);
  if (!method) {
    throw unexpectedState(
      'payment_intent_unexpected_state',
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment_method or payment_method_data.",
    );
  }
  checkUsable(store, method, intent.customer, 'payment_method');
  const errorOnRequiresAction = optionalBoolean(params, 'error_on_requires_action') ?? false;
  return { method, offSession, setupFutureUsage, errorOnRequiresAction };
}

export function confirmPayment(
  store: Store,
  origin: Origin,
  intent: PaymentIntent,
  confirmation: Confirmation,
) {
  const { method, offSession, setupFutureUsage, errorOnRequiresAction } = confirmation;
  if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
  intent.payment_method = method.id;
  intent.last_payment_error = null;
  intent.next_action = null;
  const judged = judgePayment(store, method, offSession);
  const attempt: Attempt =
    judged.kind === 'authenticate' && errorOnRequiresAction
      ? { kind: 'decline', decline: declines.authenticationRequired }
      : judged;
  if (attempt.kind === 'authenticate') {
    intent.status = 'requires_action';
    intent.next_action = threeDSecureAction(store, intent);
    recordEvent(store, origin, 'payment_intent.requires_action', intent);
    return;
  }
  const refusal = settlePayment(store, origin, intent, method, attempt, false);
  if (refusal) throw refusal;
}

/**
 * Charges the card (after any challenge): succeeded, or back to requires_payment_method with the
 * decline. Answers the 402 a confirm gives for a decline.
 */
export function settlePayment(
  store: Store,
  origin: Origin,
  intent: PaymentIntent,
  method: PaymentMethod,
  attempt: Exclude<Attempt, { kind: 'authenticate' }>,
  authenticated: boolean,
): StripeApiError | undefined {
  const decline = attempt.kind === 'decline' ? attempt.decline : undefined;
  const charge = makeCharge(store, origin, intent, method, { decline, authenticated });
  intent.latest_charge = charge.id;
  intent.next_action = null;
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = lastError(decline, method, charge.id);
    recordEvent(store, origin, 'payment_intent.payment_failed', intent);
    return cardError(decline.code, decline.message, {
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      charge: charge.id,
      payment_intent: JSON.parse(JSON.stringify(intent)),
      payment_method: JSON.parse(JSON.stringify(method)),
    });
  }
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  const state = cardStateOf(store, method);
  const customer = intent.customer ? store.customers.get(intent.customer) : undefined;
  if (intent.setup_future_usage && customer) {
    attachPaymentMethod(store, origin, method, customer);
    if (intent.setup_future_usage === 'off_session') state.setUpOffSession = true;
  } else if (!method.customer) {
    state.spent = true;
  }
  recordEvent(store, origin, 'payment_intent.succeeded', intent);
  return undefined;
}

/** A challenge failed (or abandoned): the customer must choose again. */
export function failPaymentAuthentication(
  store: Store,
  origin: Origin,
  intent: PaymentIntent,
  method: PaymentMethod,
) {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = authenticationFailure('payment_intent', method);
  recordEvent(store, origin, 'payment_intent.payment_failed', intent);
}
