import Stripe from 'stripe';

/**
 * Where the server's Stripe SDK and the buyer's Stripe.js are reached: Stripe itself, unless the
 * operator points both at a local emulator (tests and the demo: `KIOSK_STRIPE_API_BASE`,
 * `KIOSK_STRIPE_JS_URL`). Server configuration, never a merchant's setting: whoever writes a method's
 * settings must not be able to send its secret key elsewhere.
 */
export interface StripeEndpoints {
  apiBase?: string;
  jsUrl?: string;
}

/** One SDK client per secret key (each keeps its own connection pool). */
export function stripeClients(endpoints: StripeEndpoints): (secretKey: string) => Stripe {
  const clients = new Map<string, Stripe>();
  const base = endpoints.apiBase ? new URL(endpoints.apiBase) : undefined;
  return (secretKey) => {
    let client = clients.get(secretKey);
    if (!client) {
      client = new Stripe(secretKey, {
        // Retries carry the same idempotency key, so a retried create makes one object.
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: 'Kiosk Pay' },
        ...(base && {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }),
      });
      clients.set(secretKey, client);
    }
    return client;
  };
}
