import { setupIntentConfirmUnsupported, setupIntentCreateUnsupported } from './unsupported.ts';
import {
  type Attempt,
  authenticationFailure,
  judgeSetup,
  lastError,
  type LastError,
  methodToConfirm,
  threeDSecureAction,
} from './confirm.ts';
import { findCustomer } from './customers.ts';
import { methodTypeParams, type MethodTypes, readMethodTypes } from './method-types.ts';
import { cardError, resourceMissing, type StripeApiError, unexpectedState } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Params } from './form.ts';
import {
  isGiven,
  mergeMetadata,
  type Metadata,
  optionalBoolean,
  optionalEnum,
  optionalString,
} from './params.ts';
import { attachPaymentMethod, cardStateOf, checkUsable, type PaymentMethod } from './payment-methods.ts';
import { type ApiCall, checkClientSecret, listOf, type Route } from './router.ts';
import { clientSecretFor, newId, nowSeconds, type Origin, type Store } from './state.ts';

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export interface SetupIntent extends MethodTypes {
  id: string;
  object: 'setup_intent';
  application: null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  flow_directions: null;
  last_setup_error: LastError | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: ReturnType<typeof threeDSecureAction> | null;
  payment_method: string | null;
  payment_method_options: { card: { request_three_d_secure: 'automatic' } };
  single_use_mandate: null;
  status: SetupIntentStatus;
  usage: 'on_session' | 'off_session';
}

const editable: SetupIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function findSetupIntent(store: Store, id: string): SetupIntent {
  const intent = store.setupIntents.get(id);
  if (!intent) throw resourceMissing('setupintent', id, 'intent');
  return intent;
}

function newSetupIntent(store: Store, params: Params): SetupIntent {
  const customer = optionalString(params, 'customer');
  if (customer !== undefined) findCustomer(store, customer, 'customer');
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    application: null,
    ...readMethodTypes(params),
    cancellation_reason: null,
    client_secret: clientSecretFor(id),
    created: nowSeconds(),
    customer: customer ?? null,
    description: optionalString(params, 'description') ?? null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: mergeMetadata({}, params),
    next_action: null,
    payment_method: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: optionalEnum(params, 'usage', ['on_session', 'off_session'] as const) ?? 'off_session',
  };
}

function prepareConfirm(store: Store, params: Params, intent: SetupIntent): PaymentMethod {
  if (!editable.includes(intent.status)) {
    throw unexpectedState(
      'setup_intent_unexpected_state',
      intent.status === 'succeeded'
        ? 'You cannot confirm this SetupIntent because it has already succeeded.'
        : `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
    );
  }
  const method = methodToConfirm(store, params, intent.payment_method);
  if (!method) {
    throw unexpectedState(
      'setup_intent_unexpected_state',
      "You cannot confirm this SetupIntent because it's missing a payment method. Specify a payment_method or payment_method_data.",
    );
  }
  checkUsable(store, method, intent.customer, 'payment_method');
  return method;
}

function confirm(store: Store, origin: Origin, intent: SetupIntent, method: PaymentMethod) {
  intent.payment_method = method.id;
  intent.last_setup_error = null;
  intent.next_action = null;
  const attempt = judgeSetup(store, method);
  if (attempt.kind === 'authenticate') {
    intent.status = 'requires_action';
    intent.next_action = threeDSecureAction(store, intent);
    recordEvent(store, origin, 'setup_intent.requires_action', intent);
    return;
  }
  const refusal = settleSetup(store, origin, intent, method, attempt);
  if (refusal) throw refusal;
}

/** Sets the card up (after any challenge): attached to the customer, or refused by the bank. */
export function settleSetup(
  store: Store,
  origin: Origin,
  intent: SetupIntent,
  method: PaymentMethod,
  attempt: Exclude<Attempt, { kind: 'authenticate' }>,
): StripeApiError | undefined {
  intent.next_action = null;
  if (attempt.kind === 'decline') {
    const { decline } = attempt;
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_setup_error = lastError(decline, method);
    recordEvent(store, origin, 'setup_intent.setup_failed', intent);
    return cardError(decline.code, decline.message, {
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      setup_intent: JSON.parse(JSON.stringify(intent)),
      payment_method: JSON.parse(JSON.stringify(method)),
    });
  }
  const customer = intent.customer ? store.customers.get(intent.customer) : undefined;
  if (customer) attachPaymentMethod(store, origin, method, customer);
  if (intent.usage === 'off_session') cardStateOf(store, method).setUpOffSession = true;
  intent.status = 'succeeded';
  recordEvent(store, origin, 'setup_intent.succeeded', intent);
  return undefined;
}

export function failSetupAuthentication(
  store: Store,
  origin: Origin,
  intent: SetupIntent,
  method: PaymentMethod,
) {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_setup_error = authenticationFailure('setup_intent', method);
  recordEvent(store, origin, 'setup_intent.setup_failed', intent);
}

function update(store: Store, params: Params, intent: SetupIntent) {
  const guarded = ['customer', 'payment_method', ...methodTypeParams];
  const touched = guarded.find((field) => isGiven(params, field));
  if (touched && !editable.includes(intent.status)) {
    throw unexpectedState(
      'setup_intent_unexpected_state',
      `This SetupIntent's ${touched} could not be updated because it has a status of ${intent.status}.`,
    );
  }
  const customer = optionalString(params, 'customer');
  if (customer !== undefined) findCustomer(store, customer, 'customer');
  const method = methodToConfirm(store, { payment_method: params.payment_method ?? '' }, null);
  if (method) checkUsable(store, method, customer ?? intent.customer, 'payment_method');
  const types = methodTypeParams.some((name) => isGiven(params, name)) ? readMethodTypes(params) : undefined;
  Object.assign(intent, types ?? {}, { metadata: mergeMetadata(intent.metadata, params) });
  if (isGiven(params, 'description')) intent.description = optionalString(params, 'description') ?? null;
  if (customer !== undefined) intent.customer = customer;
  if (isGiven(params, 'payment_method')) {
    intent.payment_method = method?.id ?? null;
    intent.status = method ? 'requires_confirmation' : 'requires_payment_method';
    intent.next_action = null;
  }
}

const id = (call: ApiCall) => call.pathParams.id ?? '';

export const setupIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/setup_intents',
    access: 'secret',
    params: [
      'customer',
      'payment_method',
      ...methodTypeParams,
      'payment_method_data',
      'usage',
      'confirm',
      'description',
      'metadata',
      'return_url',
      'payment_method_options',
      'mandate_data',
      'use_stripe_sdk',
    ],
    unsupported: setupIntentCreateUnsupported,
    handle(call, store) {
      const intent = newSetupIntent(store, call.params);
      const confirmNow = optionalBoolean(call.params, 'confirm') ?? false;
      const method = confirmNow
        ? prepareConfirm(store, call.params, intent)
        : methodToConfirm(store, call.params, null);
      if (method && !confirmNow) {
        checkUsable(store, method, intent.customer, 'payment_method');
        intent.payment_method = method.id;
        intent.status = 'requires_confirmation';
      }
      store.setupIntents.set(intent.id, intent);
      recordEvent(store, call, 'setup_intent.created', intent);
      if (confirmNow && method) confirm(store, call, intent, method);
      return { json: intent };
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents',
    access: 'secret',
    params: ['customer', 'payment_method', 'limit', 'starting_after', 'ending_before', 'created'],
    handle(call, store) {
      const customer = optionalString(call.params, 'customer');
      const all = [...store.setupIntents.values()].reverse();
      return {
        json: listOf(customer === undefined ? all : all.filter((si) => si.customer === customer), call),
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    access: 'client',
    params: ['client_secret'],
    handle(call, store) {
      const intent = findSetupIntent(store, id(call));
      checkClientSecret(call, intent);
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id',
    access: 'secret',
    params: ['customer', 'description', 'metadata', 'payment_method', ...methodTypeParams],
    handle(call, store) {
      const intent = findSetupIntent(store, id(call));
      update(store, call.params, intent);
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    access: 'client',
    params: [
      'payment_method',
      'payment_method_data',
      'return_url',
      'mandate_data',
      'use_stripe_sdk',
      'client_secret',
    ],
    unsupported: setupIntentConfirmUnsupported,
    handle(call, store) {
      const intent = findSetupIntent(store, id(call));
      checkClientSecret(call, intent);
      confirm(store, call, intent, prepareConfirm(store, call.params, intent));
      return { json: intent };
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/cancel',
    access: 'secret',
    params: ['cancellation_reason'],
    handle(call, store) {
      const intent = findSetupIntent(store, id(call));
      const reasons = ['abandoned', 'requested_by_customer', 'duplicate'] as const;
      const reason = optionalEnum(call.params, 'cancellation_reason', reasons);
      if (!editable.includes(intent.status) && intent.status !== 'processing') {
        throw unexpectedState(
          'setup_intent_unexpected_state',
          `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
        );
      }
      Object.assign(intent, { status: 'canceled', cancellation_reason: reason ?? null, next_action: null });
      recordEvent(store, call, 'setup_intent.canceled', intent);
      return { json: intent };
    },
  },
];
