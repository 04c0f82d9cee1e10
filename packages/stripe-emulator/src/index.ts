import type { AddressInfo } from 'node:net';
import { chargeRoutes } from './charges.ts';
import { customerRoutes } from './customers.ts';
import { Deliveries, type DeliveryRecord } from './deliveries.ts';
import { eventRoutes, type StripeEvent } from './events.ts';
import { createApiServer } from './http.ts';
import { paymentIntentRoutes } from './payment-intents.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { refundRoutes } from './refunds.ts';
import type { Route } from './router.ts';
import { setupIntentRoutes } from './setup-intents.ts';
import { createStore, randomBase62 } from './state.ts';
import { stripeJsRoutes } from './stripe-js-files.ts';
import { threeDSecureRoutes } from './three-d-secure.ts';
import type { WebhookEndpoint } from './webhooks.ts';
import { webhookRoutes } from './webhooks.ts';

export type { StripeEvent } from './events.ts';
export type { DeliveryRecord } from './deliveries.ts';
export { signatureHeader } from './deliveries.ts';
export { testTokens } from './cards.ts';

/** A local Stripe for tests and the demo. Never imported by production code. */
export interface StripeEmulator {
  /** http://127.0.0.1:{port} */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  /** 'sk_test_emulator_…'; any key starting sk_test_ is accepted. */
  secretKey: string;
  /** 'pk_test_emulator_…' */
  publishableKey: string;
  /** `${url}/v3/`: the Stripe.js stand-in. */
  jsUrl: string;
  /** Test control: events so far (oldest first), deliveries, holding deliveries. */
  events(): StripeEvent[];
  /** While held, events queue; releasing delivers them in order. */
  holdDeliveries(hold: boolean): void;
  deliveries(): DeliveryRecord[];
  close(): Promise<void>;
}

export interface StripeEmulatorOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  /** First webhook retry after this many ms, doubling each time (default 500). */
  retryBaseMs?: number;
}

const routes: Route[] = [
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
  ...setupIntentRoutes,
  ...chargeRoutes,
  ...refundRoutes,
  ...webhookRoutes,
  ...eventRoutes,
  ...threeDSecureRoutes,
  ...stripeJsRoutes,
];

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries = new Deliveries(endpoints, options.retryBaseMs ?? 500);
  const store = createStore('', deliveries, endpoints);
  const server = createApiServer(store, routes);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  store.url = url;
  return {
    url,
    host,
    port,
    protocol: 'http',
    secretKey: `sk_test_emulator_${randomBase62(24)}`,
    publishableKey: `pk_test_emulator_${randomBase62(24)}`,
    jsUrl: `${url}/v3/`,
    events: () => JSON.parse(JSON.stringify(store.events)),
    holdDeliveries: (hold) => deliveries.hold(hold),
    deliveries: () => deliveries.log.map((record) => ({ ...record })),
    async close() {
      deliveries.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
