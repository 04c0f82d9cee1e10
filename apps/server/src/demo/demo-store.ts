import { TestWallet } from '@kiosk/test-wallet';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { getContractAddress, type Address } from 'viem';
import { DEMO_OWNER } from './demo-accounts.ts';
import { listAll, type ApiCall } from './in-process.ts';

/**
 * The demo store: a test-mode merchant with the local chain as its payment method, the Kiosk Demo
 * Token (KDT) and Ether as currencies, three products and a payment link for each. It is made through
 * the public merchant API with a test key, the way a merchant's own back end would, and only on a
 * database that has no test-mode payment method yet. The monthly plan is added to it at every start
 * where missing (demo-plan.ts), so stores made before it get it too.
 */

export const DEMO_CHAIN_ID = 31337;
/** The merchant's receiving account: the demo's owner, never a demo buyer. */
export const DEMO_RECEIVER = DEMO_OWNER.address;
/** Marks the demo's own payment links, so a later start finds them among the merchant's. */
export const DEMO_LINK_MARK = 'kiosk_demo';
const DEMO_LINK_NAMES = ['Kiosk T-shirt', 'Sticker pack', 'Tip jar'];

/** The demo token is the first contract account 0 deploys on a fresh chain, so its address is fixed. */
export function demoTokenAddress(): Address {
  return getContractAddress({ from: new TestWallet({ index: 0 }).address, nonce: 0n });
}

export interface DemoLink {
  name: string;
  id: string;
  url: string;
}

/** Whether an earlier start made the store (any test-mode payment method counts). */
export async function demoStoreExists(app: FastifyInstance): Promise<boolean> {
  const db = app.kiosk.database.db as Kysely<{ payment_methods: { id: string; livemode: boolean } }>;
  const existing = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('livemode', '=', false)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Makes the store through `call` (the merchant API with a test key); answers its links. */
export async function createDemoStore(
  call: ApiCall,
  chain: { rpcUrl: string; chainId: number },
): Promise<DemoLink[]> {
  const made = async (url: string, payload: object) => {
    const { status, body } = await call('POST', url, payload);
    if (status >= 300) throw new Error(`demo seed: ${url} answered ${status} ${JSON.stringify(body)}`);
    return body;
  };

  const method = await made('/api/payment-methods', {
    type: 'evm',
    name: 'Local demo chain',
    description: 'A Hardhat chain on this machine; the test wallet holds KDT and ETH',
    settings: {
      chain_id: chain.chainId,
      api_host: chain.rpcUrl,
      confirmation: 1,
      receiving_address: DEMO_RECEIVER,
    },
    currencies: [
      {
        name: 'Kiosk Demo Token',
        symbol: 'KDT',
        decimal: 6,
        maximum_precision: 2,
        contract: demoTokenAddress(),
      },
      { name: 'Ether', symbol: 'ETH', decimal: 18, maximum_precision: 6 },
    ],
  });
  const [kdt, eth] = method.payment_currencies.map((c: { id: string }) => c.id);
  const confirmation = (name: string) => ({
    type: 'hosted_confirmation',
    hosted_confirmation: { custom_message: `Thank you for buying: ${name}` },
  });
  // Each link shows other parts of the checkout: upsell, cross-sell, stock, contact rules, donations.
  const bundle = await made('/api/products', {
    name: 'Sticker bundle',
    description: 'Three packs, thirty stickers',
    prices: [
      {
        nickname: 'Bundle of 3 packs',
        currency_id: kdt,
        unit_amount: '12000000',
        currency_options: [{ currency_id: eth, unit_amount: '5000000000000000' }],
      },
    ],
  });
  const stickers = await made('/api/products', {
    name: 'Sticker pack',
    description: 'Ten stickers for your laptop',
    prices: [
      {
        currency_id: kdt,
        unit_amount: '5000000',
        currency_options: [{ currency_id: eth, unit_amount: '2000000000000000' }],
        upsell: { upsells_to_id: bundle.prices[0].id },
      },
    ],
  });
  const shirt = await made('/api/products', {
    name: 'Kiosk T-shirt',
    description: 'Soft cotton, printed logo',
    cross_sell: { cross_sells_to_id: stickers.prices[0].id },
    prices: [
      { currency_id: kdt, unit_amount: '25000000', quantity_available: 100, quantity_limit_per_checkout: 5 },
    ],
  });
  const tips = await made('/api/products', {
    name: 'Tip jar',
    description: 'Support the makers',
    // Seed 001 §9 donation defaults: presets 1, 5, 10; minimum 0.01; maximum 100.
    prices: [
      {
        currency_id: kdt,
        custom_unit_amount: {
          presets: ['1000000', '5000000', '10000000'],
          preset: '1000000',
          minimum: '10000',
          maximum: '100000000',
        },
      },
    ],
  });
  const links: DemoLink[] = [];
  const offer = async (name: string, priceId: string, options: Record<string, unknown> = {}) => {
    const link = await made('/api/payment-links', {
      name,
      line_items: [{ price_id: priceId, quantity: 1 }],
      after_completion: confirmation(name),
      metadata: { [DEMO_LINK_MARK]: true },
      ...options,
    });
    links.push({ name, id: link.id, url: link.url });
  };
  // A shirt is shipped: the buyer gives a phone and a billing address.
  await offer('Kiosk T-shirt', shirt.prices[0].id, {
    phone_number_collection: { enabled: true },
    billing_address_collection: 'required',
  });
  await offer('Sticker pack', stickers.prices[0].id);
  // A donation link (docs/donations.md): anyone may give without signing in; a tenth goes to a fund.
  // Its thanks are the checkout's own, in the donor's language.
  await offer('Tip jar', tips.prices[0].id, {
    after_completion: { type: 'hosted_confirmation' },
    donation_settings: {
      target: 'kiosk-demo-tips',
      title: 'Support the makers',
      beneficiaries: [
        { name: 'Kiosk community fund', address: new TestWallet({ index: 16 }).address, percent: 10 },
      ],
    },
  });
  return links;
}

/**
 * The links of `names` an earlier start made, in that order, one per name: the demo's own (marked)
 * where there is one, else the oldest active link of that name (a store seeded before links were
 * marked).
 */
export async function findDemoLinks(
  call: ApiCall,
  names: readonly string[] = DEMO_LINK_NAMES,
): Promise<DemoLink[]> {
  type Link = DemoLink & { active: boolean; created_at: number; metadata: Record<string, unknown> };
  const active = (await listAll<Link>(call, '/api/payment-links'))
    .filter((link) => link.active)
    .sort((a, b) => a.created_at - b.created_at);
  return names.flatMap((name) => {
    const named = active.filter((link) => link.name === name);
    const link = named.find((candidate) => candidate.metadata[DEMO_LINK_MARK] === true) ?? named[0];
    return link ? [{ name, id: link.id, url: link.url }] : [];
  });
}
