import { customerUnsupported } from './unsupported.ts';
import { invalidRequest, resourceMissing } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Params } from './form.ts';
import { hash, isGiven, mergeMetadata, type Metadata, optionalString, stringList } from './params.ts';
import { attachPaymentMethod, checkAttachable, findPaymentMethod } from './payment-methods.ts';
import { listOf, type ApiCall, type Route } from './router.ts';
import { newId, nowSeconds, randomBase62, type Store } from './state.ts';

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export function findCustomer(store: Store, id: string, param = 'id'): Customer {
  const customer = store.customers.get(id);
  if (!customer) throw resourceMissing('customer', id, param);
  return customer;
}

const textFields = ['email', 'name', 'description', 'phone'] as const;

/** Reads the changes first, so that a refused request changes nothing. */
function readChanges(params: Params) {
  const text: Partial<Record<(typeof textFields)[number], string | null>> = {};
  for (const field of textFields) {
    if (isGiven(params, field)) text[field] = optionalString(params, field) ?? null;
  }
  const email = text.email;
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw invalidRequest(`Invalid email address: ${email}`, { param: 'email', code: 'email_invalid' });
  }
  const settings = hash(params, 'invoice_settings');
  const defaultGiven = isGiven(settings, 'default_payment_method');
  return {
    text,
    locales: stringList(params, 'preferred_locales'),
    defaultPaymentMethod: defaultGiven
      ? (optionalString(settings, 'default_payment_method') ?? null)
      : undefined,
  };
}

function checkDefaultPaymentMethod(store: Store, customer: Customer, id: string | null | undefined) {
  if (!id) return;
  const method = store.paymentMethods.get(id);
  if (!method || method.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param: 'invoice_settings[default_payment_method]', code: 'resource_missing' },
    );
  }
}

function update(store: Store, call: ApiCall, customer: Customer) {
  const changes = readChanges(call.params);
  checkDefaultPaymentMethod(store, customer, changes.defaultPaymentMethod);
  const metadata = mergeMetadata(customer.metadata, call.params);
  const before = JSON.parse(JSON.stringify(customer)) as Customer;
  Object.assign(customer, changes.text);
  if (changes.locales) customer.preferred_locales = changes.locales;
  if (changes.defaultPaymentMethod !== undefined) {
    customer.invoice_settings.default_payment_method = changes.defaultPaymentMethod;
  }
  customer.metadata = metadata;
  // Stripe's previous_attributes: the top-level fields that changed, with their old values.
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(customer[key as keyof Customer])) previous[key] = value;
  }
  if (Object.keys(previous).length > 0) recordEvent(store, call, 'customer.updated', customer, previous);
}

const fields = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'preferred_locales'];

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    access: 'secret',
    params: [...fields, 'payment_method'],
    unsupported: customerUnsupported,
    handle(call, store) {
      const changes = readChanges(call.params);
      const paymentMethodId = optionalString(call.params, 'payment_method');
      const method = paymentMethodId
        ? findPaymentMethod(store, paymentMethodId, 'payment_method')
        : undefined;
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        address: null,
        balance: 0,
        created: nowSeconds(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: null,
        invoice_prefix: randomBase62(8).toUpperCase(),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: mergeMetadata({}, call.params),
        name: null,
        phone: null,
        preferred_locales: changes.locales ?? [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
        ...changes.text,
      };
      if (method) checkAttachable(store, method, customer);
      const defaultMethod = changes.defaultPaymentMethod;
      if (defaultMethod && defaultMethod !== method?.id)
        checkDefaultPaymentMethod(store, customer, defaultMethod);
      customer.invoice_settings.default_payment_method = defaultMethod ?? null;
      store.customers.set(customer.id, customer);
      recordEvent(store, call, 'customer.created', customer);
      if (method) attachPaymentMethod(store, call, method, customer);
      return { json: customer };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    access: 'secret',
    params: ['limit', 'starting_after', 'ending_before', 'email', 'created'],
    handle(call, store) {
      const email = optionalString(call.params, 'email');
      const all = [...store.customers.values()].reverse();
      return { json: listOf(email === undefined ? all : all.filter((c) => c.email === email), call) };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    access: 'secret',
    params: [],
    handle: (call, store) => ({ json: findCustomer(store, call.pathParams.id ?? '') }),
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    access: 'secret',
    params: fields,
    unsupported: customerUnsupported,
    handle(call, store) {
      const customer = findCustomer(store, call.pathParams.id ?? '');
      update(store, call, customer);
      return { json: customer };
    },
  },
];
