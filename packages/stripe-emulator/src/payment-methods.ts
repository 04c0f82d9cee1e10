import { createHmac } from 'node:crypto';
import { checkCard, testCardFor, testTokens, type TestCard } from './cards.ts';
import type { Customer } from './customers.ts';
import { cardError, invalidRequest, missingParam, resourceMissing } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Params } from './form.ts';
import { hash, mergeMetadata, type Metadata, optionalString, requiredString } from './params.ts';
import { listOf, type ApiCall, type Route } from './router.ts';
import { newId, nowSeconds, type Origin, type Store } from './state.ts';

const addressFields = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const;
type Address = Record<(typeof addressFields)[number], string | null>;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified' | 'always' | 'limited';
  billing_details: { address: Address; email: string | null; name: string | null; phone: string | null };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: 'pass' | null; cvc_check: 'pass' | null };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: string;
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    three_d_secure_usage: { supported: true };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

/** What the emulator knows of a payment method's card beyond what Stripe shows. */
export interface CardState {
  card: TestCard;
  /** Used once without a customer, or detached: Stripe refuses it from then on. */
  spent: boolean;
  /** Set up for off-session use (a SetupIntent, or a payment with setup_future_usage=off_session). */
  setUpOffSession: boolean;
}

export function findPaymentMethod(store: Store, id: string, param = 'id'): PaymentMethod {
  if (testTokens[id]) return createFromNumber(store, testTokens[id]);
  const method = store.paymentMethods.get(id);
  if (!method) throw resourceMissing('PaymentMethod', id, param);
  return method;
}

export function cardStateOf(store: Store, method: PaymentMethod): CardState {
  const state = store.cardStates.get(method.id);
  if (!state) throw new Error(`payment method ${method.id} has no card state`);
  return state;
}

function billingDetails(params: Params): PaymentMethod['billing_details'] {
  const details = hash(params, 'billing_details');
  const address = hash(details, 'address');
  const read = (from: Params, key: string) => optionalString(from, key) ?? null;
  return {
    address: Object.fromEntries(addressFields.map((field) => [field, read(address, field)])) as Address,
    email: read(details, 'email'),
    name: read(details, 'name'),
    phone: read(details, 'phone'),
  };
}

function remember(store: Store, method: PaymentMethod, card: TestCard) {
  store.paymentMethods.set(method.id, method);
  store.cardStates.set(method.id, { card, spent: false, setUpOffSession: false });
  return method;
}

function cardJson(store: Store, card: TestCard, expMonth: number, expYear: number): PaymentMethod['card'] {
  const fingerprint = createHmac('sha256', store.fingerprintKey)
    .update(card.number)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
  return {
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
    country: card.country,
    display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
    exp_month: expMonth,
    exp_year: expYear,
    fingerprint,
    funding: card.funding,
    generated_from: null,
    last4: card.number.slice(-4),
    networks: { available: [card.brand], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

function newMethod(store: Store, card: PaymentMethod['card'], params: Params): PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(params),
    card,
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: mergeMetadata({}, params),
    type: 'card',
  };
}

/** A test token (`pm_card_visa`) becomes a new payment method each time it is used, as at Stripe. */
function createFromNumber(store: Store, number: string): PaymentMethod {
  const card = testCardFor(number);
  const expYear = new Date().getUTCFullYear() + 1;
  return remember(store, newMethod(store, cardJson(store, card, 12, expYear), {}), card);
}

/** `type=card&card[number]=…` (also `payment_method_data[…]` on a confirm). */
export function createPaymentMethod(store: Store, params: Params): PaymentMethod {
  const type = requiredString(params, 'type');
  if (type !== 'card') {
    throw invalidRequest(`The emulator supports payment method type card only, not ${type}.`, {
      param: 'type',
    });
  }
  const input = hash(params, 'card');
  if (Object.keys(input).length === 0) throw missingParam('card');
  const token = optionalString(input, 'token');
  if (token !== undefined)
    throw invalidRequest('card[token] is not supported by the emulator.', { param: 'card' });
  const checked = checkCard({
    number: optionalString(input, 'number'),
    expMonth: optionalString(input, 'exp_month'),
    expYear: optionalString(input, 'exp_year'),
    cvc: optionalString(input, 'cvc'),
  });
  const card = cardJson(store, checked.card, checked.expMonth, checked.expYear);
  const method = newMethod(store, card, params);
  card.checks.cvc_check = checked.cvcGiven ? 'pass' : null;
  card.checks.address_postal_code_check = method.billing_details.address.postal_code ? 'pass' : null;
  return remember(store, method, checked.card);
}

/** Refuses a payment method its customer (or none) may not use, as a confirm or attach would. */
export function checkUsable(store: Store, method: PaymentMethod, customerId: string | null, param: string) {
  if (cardStateOf(store, method).spent) {
    throw invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param },
    );
  }
  if (method.customer && method.customer !== customerId) {
    throw invalidRequest(
      customerId
        ? `The provided PaymentMethod belongs to another Customer (${method.customer}), not to ${customerId}.`
        : `The provided PaymentMethod is attached to a Customer. Please provide the Customer ID (${method.customer}) in the customer parameter.`,
      { param },
    );
  }
}

/** Attaching asks the card's bank: a card declined on setup cannot be attached. */
export function checkAttachable(store: Store, method: PaymentMethod, customer: Customer) {
  if (method.customer === customer.id) return;
  if (method.customer) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', {
      param: 'payment_method',
    });
  }
  checkUsable(store, method, null, 'payment_method');
  const decline = cardStateOf(store, method).card.setupDecline;
  if (decline) throw cardError(decline.code, decline.message, { decline_code: decline.declineCode });
}

export function attachPaymentMethod(store: Store, origin: Origin, method: PaymentMethod, customer: Customer) {
  if (method.customer === customer.id) return;
  checkAttachable(store, method, customer);
  method.customer = customer.id;
  recordEvent(store, origin, 'payment_method.attached', method);
}

function detach(store: Store, call: ApiCall, method: PaymentMethod) {
  if (!method.customer) {
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  }
  const customer = store.customers.get(method.customer);
  method.customer = null;
  cardStateOf(store, method).spent = true;
  recordEvent(store, call, 'payment_method.detached', method, { customer: customer?.id ?? null });
  if (customer && customer.invoice_settings.default_payment_method === method.id) {
    customer.invoice_settings.default_payment_method = null;
    recordEvent(store, call, 'customer.updated', customer, {
      invoice_settings: { ...customer.invoice_settings, default_payment_method: method.id },
    });
  }
}

function methodsOf(store: Store, customerId: string, call: ApiCall) {
  const type = optionalString(call.params, 'type');
  const methods = [...store.paymentMethods.values()].filter(
    (method) => method.customer === customerId && (type === undefined || method.type === type),
  );
  return { json: listOf(methods.reverse(), call) };
}

const id = (call: ApiCall) => call.pathParams.id ?? '';

export const paymentMethodRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    access: 'client',
    params: ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay'],
    handle: (call, store) => ({ json: createPaymentMethod(store, call.params) }),
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    access: 'secret',
    params: ['customer', 'type', 'limit', 'starting_after', 'ending_before'],
    handle: (call, store) => methodsOf(store, requiredString(call.params, 'customer'), call),
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    access: 'secret',
    params: [],
    handle: (call, store) => ({ json: findPaymentMethod(store, id(call)) }),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id',
    access: 'secret',
    params: ['billing_details', 'metadata', 'allow_redisplay'],
    handle(call, store) {
      const method = findPaymentMethod(store, id(call));
      if (!method.customer) {
        throw invalidRequest('You must save this PaymentMethod to a customer before you can update it.');
      }
      const previous = { billing_details: method.billing_details, metadata: method.metadata };
      method.metadata = mergeMetadata(method.metadata, call.params);
      if (Object.keys(hash(call.params, 'billing_details')).length > 0) {
        method.billing_details = billingDetails(call.params);
      }
      recordEvent(store, call, 'payment_method.updated', method, previous);
      return { json: method };
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    access: 'secret',
    params: ['customer'],
    handle(call, store) {
      const method = findPaymentMethod(store, id(call));
      const customerId = requiredString(call.params, 'customer');
      const customer = store.customers.get(customerId);
      if (!customer) throw resourceMissing('customer', customerId, 'customer');
      attachPaymentMethod(store, call, method, customer);
      return { json: method };
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    access: 'secret',
    params: [],
    handle(call, store) {
      const method = findPaymentMethod(store, id(call));
      detach(store, call, method);
      return { json: method };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    access: 'secret',
    params: ['type', 'limit', 'starting_after', 'ending_before', 'allow_redisplay'],
    handle(call, store) {
      if (!store.customers.has(id(call))) throw resourceMissing('customer', id(call));
      return methodsOf(store, id(call), call);
    },
  },
];
