import { declines, type Decline } from './cards.ts';
import { invalidRequest } from './errors.ts';
import type { Params } from './form.ts';
import { hash, isGiven, optionalString } from './params.ts';
import {
  cardStateOf,
  createPaymentMethod,
  findPaymentMethod,
  type PaymentMethod,
} from './payment-methods.ts';
import { randomBase62, type Store } from './state.ts';

// What confirming an intent does with its card, shared by payments and setups.

export type Attempt = { kind: 'succeed' } | { kind: 'authenticate' } | { kind: 'decline'; decline: Decline };

/** A payment: 3-D Secure on session (off session it cannot be asked: authentication_required), then the bank. */
export function judgePayment(store: Store, method: PaymentMethod, offSession: boolean): Attempt {
  const state = cardStateOf(store, method);
  const { authentication, chargeDecline } = state.card;
  const setUpForThis = authentication === 'unless_set_up' && state.setUpOffSession;
  if (authentication !== 'none' && !(offSession && setUpForThis)) {
    if (offSession) return { kind: 'decline', decline: declines.authenticationRequired };
    return { kind: 'authenticate' };
  }
  return chargeDecline ? { kind: 'decline', decline: chargeDecline } : { kind: 'succeed' };
}

/** After a completed challenge only the bank is left. */
export function judgeAuthenticated(
  store: Store,
  method: PaymentMethod,
): Exclude<Attempt, { kind: 'authenticate' }> {
  const decline = cardStateOf(store, method).card.chargeDecline;
  return decline ? { kind: 'decline', decline } : { kind: 'succeed' };
}

/** A setup: every 3-D Secure card asks, then the bank checks the card (…0002 is refused, …0341 passes). */
export function judgeSetup(store: Store, method: PaymentMethod): Attempt {
  const { authentication, setupDecline } = cardStateOf(store, method).card;
  if (authentication !== 'none') return { kind: 'authenticate' };
  return setupDecline ? { kind: 'decline', decline: setupDecline } : { kind: 'succeed' };
}

/**
 * The payment method a confirm (or a create with confirm) names: `payment_method_data[…]` makes one,
 * `payment_method` names one (or a test token), else the intent's own.
 */
export function methodToConfirm(
  store: Store,
  params: Params,
  current: string | null,
): PaymentMethod | undefined {
  if (isGiven(params, 'payment_method_data')) {
    if (isGiven(params, 'payment_method')) {
      throw invalidRequest(
        'You may only specify one of these parameters: payment_method, payment_method_data.',
        {
          param: 'payment_method_data',
        },
      );
    }
    return createPaymentMethod(store, hash(params, 'payment_method_data'));
  }
  const named = optionalString(params, 'payment_method');
  if (named !== undefined) return findPaymentMethod(store, named, 'payment_method');
  return current ? store.paymentMethods.get(current) : undefined;
}

/** `off_session=true` (or Stripe's older `one_off` / `recurring`). */
export function offSessionOf(params: Params): boolean {
  const value = optionalString(params, 'off_session');
  if (value === undefined || value === 'false') return false;
  if (value === 'true' || value === 'one_off' || value === 'recurring') return true;
  throw invalidRequest(`Invalid off_session: ${value}`, { param: 'off_session' });
}

/** The challenge Stripe.js opens: here the emulator's own 3-D Secure page. */
export function threeDSecureAction(store: Store, intent: { id: string; client_secret: string }) {
  const page = `${store.url}/_emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  return {
    type: 'use_stripe_sdk' as const,
    use_stripe_sdk: {
      type: 'three_d_secure_redirect' as const,
      stripe_js: page,
      source: `src_${randomBase62(24)}`,
    },
  };
}

export interface LastError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  doc_url: string;
  message: string;
  charge?: string;
  payment_method: PaymentMethod;
}

export function lastError(decline: Decline, method: PaymentMethod, chargeId?: string): LastError {
  return {
    type: 'card_error',
    code: decline.code,
    ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    message: decline.message,
    ...(chargeId ? { charge: chargeId } : {}),
    payment_method: JSON.parse(JSON.stringify(method)),
  };
}

/** A failed 3-D Secure challenge, worded as Stripe words it. */
export function authenticationFailure(
  kind: 'payment_intent' | 'setup_intent',
  method: PaymentMethod,
): LastError {
  const code = `${kind}_authentication_failure`;
  return {
    type: 'invalid_request_error',
    code,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_method: JSON.parse(JSON.stringify(method)),
  };
}
