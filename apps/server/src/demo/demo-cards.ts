import { DEMO_LINK_MARK, findDemoLinks, type DemoLink } from './demo-store.ts';
import { listAll, type ApiCall } from './in-process.ts';

/**
 * Cards in the demo: a test-mode Stripe method whose SDK and Stripe.js reach the local Stripe emulator
 * (`kiosk serve --demo` starts it and sets KIOSK_STRIPE_API_BASE / KIOSK_STRIPE_JS_URL), and a link
 * sold in US dollars or KDT, so a newcomer can pay by card or by wallet on one page (the monthly plan
 * too: demo-plan.ts). The emulator
 * keeps no state across starts: every start registers the server's webhook endpoint with it again and
 * gives the method the new signing secret.
 */

export const DEMO_CARD_LINK = 'Kiosk mug';
/** The emulator takes any test key; fixed ones keep the method working across restarts. */
const DEMO_KEYS = { publishable_key: 'pk_test_kiosk_demo', secret_key: 'sk_test_kiosk_demo' };

/** The test cards the emulator knows (docs/stripe-emulator.md), printed at every start. */
export const DEMO_TEST_CARDS = [
  ['4242 4242 4242 4242', 'pays'],
  ['4000 0027 6000 3184', 'asks for 3-D Secure'],
  ['4000 0000 0000 9995', 'is declined (insufficient funds)'],
] as const;

export type DemoCards = { outcome: 'ready'; link: DemoLink } | { outcome: 'no_emulator' };

interface Method {
  id: string;
  type: string;
  payment_currencies: { id: string; symbol: string; contract: string | null }[];
}

/** The demo's card method: its id and its US dollar currency (which the plan and the mug are sold in). */
export interface DemoCardMethod {
  id: string;
  usd: string;
}

const made = async (call: ApiCall, method: 'POST' | 'PUT', url: string, payload: object) => {
  const { status, body } = await call(method, url, payload);
  if (status >= 300) throw new Error(`demo cards: ${url} answered ${status} ${JSON.stringify(body)}`);
  return body;
};

/**
 * The card method, made where missing, with the webhook signing secret of this start's registration at
 * the emulator; none without an emulator.
 */
export async function ensureDemoCardMethod(
  call: ApiCall,
  endpoints: { stripeApiBase: string | undefined; baseUrl: string },
): Promise<DemoCardMethod | undefined> {
  if (!endpoints.stripeApiBase) return undefined;
  const methods = await listAll<Method>(call, '/api/payment-methods');
  const card =
    methods.find((m) => m.type === 'stripe') ??
    ((await made(call, 'POST', '/api/payment-methods', {
      type: 'stripe',
      name: 'Card',
      description: 'Cards through a local Stripe emulator (test cards only)',
      settings: DEMO_KEYS,
      currencies: [{ name: 'US Dollar', symbol: 'USD', decimal: 2, maximum_precision: 2 }],
    })) as Method);
  const secret = await registerWebhook(
    endpoints.stripeApiBase,
    `${endpoints.baseUrl}/api/payment-methods/${card.id}/webhook`,
  );
  await made(call, 'PUT', `/api/payment-methods/${card.id}`, {
    settings: { ...DEMO_KEYS, webhook_signing_secret: secret },
  });
  return { id: card.id, usd: card.payment_currencies.find((c) => c.symbol === 'USD')!.id };
}

/** The mug's link, sold by card or by wallet, made where missing. */
export async function ensureDemoCards(call: ApiCall, card: DemoCardMethod | undefined): Promise<DemoCards> {
  if (!card) return { outcome: 'no_emulator' };
  const [existing] = await findDemoLinks(call, [DEMO_CARD_LINK]);
  if (existing) return { outcome: 'ready', link: existing };
  const methods = await listAll<Method>(call, '/api/payment-methods');
  const kdt = methods
    .flatMap((m) => (m.type === 'stripe' ? [] : m.payment_currencies))
    .find((c) => c.symbol === 'KDT');
  const mug = await made(call, 'POST', '/api/products', {
    name: DEMO_CARD_LINK,
    description: 'Ceramic, 350 ml: pay by card or from a wallet',
    prices: [
      {
        currency_id: card.usd,
        unit_amount: '1200',
        ...(kdt && { currency_options: [{ currency_id: kdt.id, unit_amount: '12000000' }] }),
      },
    ],
  });
  const link = await made(call, 'POST', '/api/payment-links', {
    name: DEMO_CARD_LINK,
    line_items: [{ price_id: mug.prices[0].id, quantity: 1 }],
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: `Thank you for buying: ${DEMO_CARD_LINK}` },
    },
    metadata: { [DEMO_LINK_MARK]: true },
  });
  return { outcome: 'ready', link: { name: DEMO_CARD_LINK, id: link.id, url: link.url } };
}

/** The server's webhook endpoint at the emulator (its Stripe API, as a merchant's dashboard would). */
async function registerWebhook(apiBase: string, url: string): Promise<string> {
  const response = await fetch(`${apiBase}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEMO_KEYS.secret_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ url, 'enabled_events[0]': '*' }).toString(),
  });
  if (!response.ok) throw new Error(`demo cards: the Stripe emulator answered ${response.status}`);
  return ((await response.json()) as { secret: string }).secret;
}
