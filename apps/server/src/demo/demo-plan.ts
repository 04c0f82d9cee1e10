import type { Address } from 'viem';
import { demoCollectorAddress } from './demo-collector.ts';
import { DEMO_LINK_MARK, demoTokenAddress, findDemoLinks, type DemoLink } from './demo-store.ts';
import { listAll, type ApiCall } from './in-process.ts';

/**
 * The demo's subscription: a monthly plan in KDT with a 7-day trial, sold through a payment link, and
 * in US dollars too where the demo has cards. The buyer's wallet signs a KioskCollector mandate once,
 * and the server's collector account pulls each month; a card is saved and charged each month. Every
 * start makes sure it is there, so a store an earlier demo seeded (before subscriptions, or before
 * cards) gets the plan and its method the collector contract on its next start, and no start adds a
 * second.
 */

export const DEMO_PLAN = {
  name: 'Kiosk Pro',
  description: 'Everything in Kiosk, billed monthly',
  /** 10 KDT a month, in KDT's smallest unit (6 decimals). */
  monthly: 10_000_000n,
  /** Or 10 US dollars, in cents. */
  monthlyUsd: 1000n,
  trialDays: 7,
} as const;

export type DemoPlan =
  | {
      outcome: 'ready';
      link: DemoLink;
      /** True when this start made the link (a new store, or one from before the plan existed). */
      added: boolean;
      /** The KioskCollector the plan's mandates go to, as the payment method names it. */
      collector: Address;
    }
  /** No test-mode EVM method holds the demo token on the demo chain (the merchant removed it). */
  | { outcome: 'no_demo_method' };

interface Method {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  payment_currencies: { id: string; symbol: string; contract: string | null }[];
}

interface Product {
  id: string;
  name: string;
  active: boolean;
  metadata: Record<string, unknown>;
  prices: {
    id: string;
    active: boolean;
    type: string;
    currency_id: string;
    unit_amount: string;
    currency_options: { currency_id: string }[];
  }[];
}

/**
 * Makes the plan and its link where missing, through the merchant API (`call`, a test key); `usd` is the
 * demo card method's currency, when there is one.
 */
export async function ensureDemoPlan(
  call: ApiCall,
  chain: { chainId: number },
  usd?: string,
): Promise<DemoPlan> {
  const made = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const { status, body } = await call(method, url, payload);
    if (status >= 300) throw new Error(`demo seed: ${url} answered ${status} ${JSON.stringify(body)}`);
    return body;
  };

  const { status, body } = await call('GET', '/api/payment-methods');
  if (status !== 200) throw new Error(`demo: listing payment methods answered ${status}`);
  const token = demoTokenAddress().toLowerCase();
  const method = (body.list as Method[])
    .filter((candidate) => candidate.type === 'evm' && candidate.settings.chain_id === chain.chainId)
    .find((candidate) => candidate.payment_currencies.some((c) => c.contract?.toLowerCase() === token));
  const kdt = method?.payment_currencies.find((c) => c.contract?.toLowerCase() === token);
  if (!method || !kdt) return { outcome: 'no_demo_method' };

  // A collector the merchant set themselves stays theirs.
  let collector = method.settings.collector_contract as Address | undefined;
  if (!collector) {
    collector = demoCollectorAddress();
    await made('PUT', `/api/payment-methods/${method.id}`, {
      settings: { ...method.settings, collector_contract: collector },
    });
  }

  const monthly = DEMO_PLAN.monthly.toString();
  const inUsd = usd && [{ currency_id: usd, unit_amount: DEMO_PLAN.monthlyUsd.toString() }];
  const planPrice = (p: Product['prices'][number]) =>
    p.active &&
    p.type === 'recurring' &&
    p.currency_id === kdt.id &&
    p.unit_amount === monthly &&
    (!usd || p.currency_options.some((option) => option.currency_id === usd));

  const [found] = await findDemoLinks(call, [DEMO_PLAN.name]);
  if (found) {
    const { body: link } = await call('GET', `/api/payment-links/${found.id}`);
    const { body: price } = await call('GET', `/api/prices/${link.line_items[0].price_id}`);
    if (planPrice(price)) return { outcome: 'ready', link: found, added: false, collector };
    // A plan an earlier demo sold before it had cards: replaced by one sold by card too.
    await made('PUT', `/api/payment-links/${found.id}`, { active: false });
  }

  // A start that stopped between the product and its link left the product: offer that one.
  const products = await listAll<Product>(call, '/api/products');
  const earlier = products
    .filter((p) => p.active && p.name === DEMO_PLAN.name && p.metadata[DEMO_LINK_MARK] === true)
    .flatMap((p) => p.prices)
    .find(planPrice);
  const priceId: string =
    earlier?.id ??
    (
      await made('POST', '/api/products', {
        name: DEMO_PLAN.name,
        description: DEMO_PLAN.description,
        metadata: { [DEMO_LINK_MARK]: true },
        prices: [
          {
            type: 'recurring',
            nickname: 'Monthly',
            currency_id: kdt.id,
            unit_amount: monthly,
            recurring: { interval: 'month' },
            ...(inUsd && { currency_options: inUsd }),
          },
        ],
      })
    ).prices[0].id;
  const link = await made('POST', '/api/payment-links', {
    name: DEMO_PLAN.name,
    line_items: [{ price_id: priceId, quantity: 1 }],
    subscription_data: { trial_period_days: DEMO_PLAN.trialDays, description: DEMO_PLAN.description },
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: `Welcome to ${DEMO_PLAN.name}: your trial has begun` },
    },
    metadata: { [DEMO_LINK_MARK]: true },
  });
  return {
    outcome: 'ready',
    link: { name: DEMO_PLAN.name, id: link.id, url: link.url },
    added: true,
    collector,
  };
}
