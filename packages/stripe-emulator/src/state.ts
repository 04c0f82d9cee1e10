import { randomBytes } from 'node:crypto';
import type { Customer } from './customers.ts';
import type { Deliveries } from './deliveries.ts';
import type { StripeEvent } from './events.ts';
import type { Charge } from './charges.ts';
import type { CardState, PaymentMethod } from './payment-methods.ts';
import type { PaymentIntent } from './payment-intents.ts';
import type { Refund } from './refunds.ts';
import type { SetupIntent } from './setup-intents.ts';
import type { WebhookEndpoint } from './webhooks.ts';

/** The API version events are stamped with when a request names none (the SDK's v23 pin). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

/** One emulated Stripe account: everything every key sees. */
export interface Store {
  url: string;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  /** What a payment method's card does and has done; never shown on the wire. */
  cardStates: Map<string, CardState>;
  paymentIntents: Map<string, PaymentIntent>;
  setupIntents: Map<string, SetupIntent>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  webhookEndpoints: Map<string, WebhookEndpoint>;
  /** Oldest first. */
  events: StripeEvent[];
  deliveries: Deliveries;
  fingerprintKey: Buffer;
}

/** Who caused a change, as events tell it (`request: { id, idempotency_key }`). */
export interface Origin {
  requestId: string | null;
  idempotencyKey: string | null;
  apiVersion: string;
}

/** A change no API request made (a 3-D Secure challenge decided on its page). */
export const backgroundOrigin: Origin = {
  requestId: null,
  idempotencyKey: null,
  apiVersion: DEFAULT_API_VERSION,
};

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps the letters uniform.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

export const newId = (prefix: string) => `${prefix}_${randomBase62(24)}`;

export const clientSecretFor = (id: string) => `${id}_secret_${randomBase62(25)}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createStore(
  url: string,
  deliveries: Deliveries,
  webhookEndpoints: Map<string, WebhookEndpoint>,
): Store {
  return {
    url,
    customers: new Map(),
    paymentMethods: new Map(),
    cardStates: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    webhookEndpoints,
    events: [],
    deliveries,
    fingerprintKey: randomBytes(32),
  };
}

/** Any stored object by its id, for `expand[]`. */
export function findObject(store: Store, id: string): object | undefined {
  const maps: Map<string, object>[] = [
    store.customers,
    store.paymentMethods,
    store.paymentIntents,
    store.setupIntents,
    store.charges,
    store.refunds,
  ];
  for (const map of maps) {
    const found = map.get(id);
    if (found) return found;
  }
  return undefined;
}
