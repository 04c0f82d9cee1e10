import { amountProblem } from './money.ts';
import {
  paymentIntentConfirmUnsupported,
  paymentIntentCreateUnsupported,
  paymentIntentUpdateUnsupported,
} from './unsupported.ts';
import { methodToConfirm } from './confirm.ts';
import { findCustomer } from './customers.ts';
import { methodTypeParams, readMethodTypes } from './method-types.ts';
import { invalidRequest, missingParam, resourceMissing, unexpectedState } from './errors.ts';
import { recordEvent } from './events.ts';
import {
  currency,
  isGiven,
  mergeMetadata,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
} from './params.ts';
import { confirmPayment, prepareConfirm } from './payment-intent-confirm.ts';
import { checkUsable } from './payment-methods.ts';
import { type ApiCall, checkClientSecret, listOf, type Route } from './router.ts';
import { clientSecretFor, newId, nowSeconds, type Store } from './state.ts';
import {
  editablePaymentIntent,
  futureUsages,
  type PaymentIntent,
  type PaymentIntentStatus,
} from './payment-intent-object.ts';

export type { PaymentIntent, PaymentIntentStatus } from './payment-intent-object.ts';

const cancelable: PaymentIntentStatus[] = [...editablePaymentIntent, 'processing', 'requires_capture'];

function checkAmount(amount: number, currency: string) {
  const problem = amountProblem(amount, currency);
  if (problem) throw invalidRequest(problem.message, { code: problem.code, param: 'amount' });
}

export function findPaymentIntent(store: Store, id: string): PaymentIntent {
  const intent = store.paymentIntents.get(id);
  if (!intent) throw resourceMissing('payment_intent', id, 'intent');
  return intent;
}

function newIntent(store: Store, call: ApiCall): PaymentIntent {
  const { params } = call;
  const amount = optionalInteger(params, 'amount', 1);
  if (amount === undefined) throw missingParam('amount');
  const chosenCurrency = currency(params);
  checkAmount(amount, chosenCurrency);
  const customer = optionalString(params, 'customer');
  if (customer !== undefined) findCustomer(store, customer, 'customer');
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    ...readMethodTypes(params),
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecretFor(id),
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: chosenCurrency,
    customer: customer ?? null,
    description: optionalString(params, 'description') ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, params),
    next_action: null,
    payment_method: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    processing: null,
    receipt_email: optionalString(params, 'receipt_email') ?? null,
    setup_future_usage: optionalEnum(params, 'setup_future_usage', futureUsages) ?? null,
    statement_descriptor: null,
    status: 'requires_payment_method',
  };
}

function update(store: Store, call: ApiCall, intent: PaymentIntent) {
  const { params } = call;
  const guarded = [
    'amount',
    'currency',
    'customer',
    'payment_method',
    ...methodTypeParams,
    'setup_future_usage',
  ];
  const touched = guarded.find((field) => isGiven(params, field));
  if (touched && !editablePaymentIntent.includes(intent.status)) {
    throw unexpectedState(
      'payment_intent_unexpected_state',
      `This PaymentIntent's ${touched} could not be updated because it has a status of ${intent.status}. You may only update the ${touched} of a PaymentIntent with one of the following statuses: ${editablePaymentIntent.join(', ')}.`,
    );
  }
  const amount = optionalInteger(params, 'amount', 1);
  const newCurrency = isGiven(params, 'currency') ? currency(params) : undefined;
  checkAmount(amount ?? intent.amount, newCurrency ?? intent.currency);
  const customer = optionalString(params, 'customer');
  if (customer !== undefined) findCustomer(store, customer, 'customer');
  const methodGiven = isGiven(params, 'payment_method');
  const method = methodToConfirm(store, { payment_method: params.payment_method ?? '' }, null);
  if (method) checkUsable(store, method, customer ?? intent.customer, 'payment_method');
  const types = methodTypeParams.some((name) => isGiven(params, name)) ? readMethodTypes(params) : undefined;
  const usage = optionalEnum(params, 'setup_future_usage', futureUsages);
  const metadata = mergeMetadata(intent.metadata, params);

  Object.assign(intent, types ?? {}, { metadata });
  if (isGiven(params, 'description')) intent.description = optionalString(params, 'description') ?? null;
  if (isGiven(params, 'receipt_email'))
    intent.receipt_email = optionalString(params, 'receipt_email') ?? null;
  if (isGiven(params, 'setup_future_usage')) intent.setup_future_usage = usage ?? null;
  if (customer !== undefined) intent.customer = customer;
  // A new amount or card voids a pending challenge: the customer confirms again.
  const reset = amount !== undefined || newCurrency !== undefined || methodGiven;
  if (amount !== undefined) intent.amount = amount;
  if (newCurrency !== undefined) intent.currency = newCurrency;
  if (methodGiven) intent.payment_method = method?.id ?? null;
  if (reset && intent.status !== 'requires_payment_method') {
    intent.status = intent.payment_method ? 'requires_confirmation' : 'requires_payment_method';
    intent.next_action = null;
  }
}

const id = (call: ApiCall) => call.pathParams.id ?? '';

const createFields = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  ...methodTypeParams,
  'payment_method_data',
  'setup_future_usage',
  'off_session',
  'error_on_requires_action',
  'confirm',
  'description',
  'metadata',
  'return_url',
  'receipt_email',
  'payment_method_options',
  'statement_descriptor_suffix',
  'mandate_data',
  'use_stripe_sdk',
];
const confirmFields = [
  'payment_method',
  'payment_method_data',
  'return_url',
  'off_session',
  'error_on_requires_action',
  'setup_future_usage',
  'mandate_data',
  'payment_method_options',
  'use_stripe_sdk',
  'receipt_email',
  'client_secret',
];

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    access: 'secret',
    params: createFields,
    unsupported: paymentIntentCreateUnsupported,
    handle(call, store) {
      const intent = newIntent(store, call);
      const confirmNow = optionalBoolean(call.params, 'confirm') ?? false;
      if (!confirmNow && isGiven(call.params, 'off_session')) {
        throw invalidRequest('You may only use `off_session` when `confirm` is true.', {
          param: 'off_session',
        });
      }
      const confirmation = confirmNow ? prepareConfirm(store, call.params, intent) : undefined;
      const method = confirmation ? confirmation.method : methodToConfirm(store, call.params, null);
      if (method) {
        checkUsable(store, method, intent.customer, 'payment_method');
        intent.payment_method = method.id;
        intent.status = 'requires_confirmation';
      }
      store.paymentIntents.set(intent.id, intent);
      recordEvent(store, call, 'payment_intent.created', intent);
      if (confirmation) confirmPayment(store, call, intent, confirmation);
      return { json: intent };
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    access: 'secret',
    params: ['customer', 'limit', 'starting_after', 'ending_before', 'created'],
    handle(call, store) {
      const customer = optionalString(call.params, 'customer');
      const all = [...store.paymentIntents.values()].reverse();
      return {
        json: listOf(customer === undefined ? all : all.filter((pi) => pi.customer === customer), call),
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    access: 'client',
    params: ['client_secret'],
    handle(call, store) {
      const intent = findPaymentIntent(store, id(call));
      checkClientSecret(call, intent);
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id',
    access: 'secret',
    params: [
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      ...methodTypeParams,
      'setup_future_usage',
      'receipt_email',
    ],
    unsupported: paymentIntentUpdateUnsupported,
    handle(call, store) {
      const intent = findPaymentIntent(store, id(call));
      update(store, call, intent);
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    access: 'client',
    params: confirmFields,
    unsupported: paymentIntentConfirmUnsupported,
    handle(call, store) {
      const intent = findPaymentIntent(store, id(call));
      checkClientSecret(call, intent);
      confirmPayment(store, call, intent, prepareConfirm(store, call.params, intent));
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    access: 'secret',
    params: ['cancellation_reason'],
    handle(call, store) {
      const intent = findPaymentIntent(store, id(call));
      const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
      const reason = optionalEnum(call.params, 'cancellation_reason', reasons);
      if (!cancelable.includes(intent.status)) {
        throw unexpectedState(
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        );
      }
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: nowSeconds(),
        cancellation_reason: reason ?? null,
        next_action: null,
      });
      recordEvent(store, call, 'payment_intent.canceled', intent);
      return { json: intent };
    },
  },
];
