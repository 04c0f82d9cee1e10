import { createApiKey } from '@kiosk/identity';
import { TestWallet } from '@kiosk/test-wallet';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { getContractAddress, type Address } from 'viem';

/**
 * The demo store: a test-mode merchant with the local chain as its payment method, the Kiosk Demo
 * Token (KDT) and Ether as currencies, three products and a payment link for each. It is made through
 * the public merchant API with a test key, the way a merchant's own back end would, and only on a
 * database that has no test-mode payment method yet.
 */

export const DEMO_CHAIN_ID = 31337;
/** The merchant's receiving account: the last development account, never a demo buyer. */
export const DEMO_RECEIVER = new TestWallet({ index: 19 }).address;

/** The demo token is the first contract account 0 deploys on a fresh chain, so its address is fixed. */
export function demoTokenAddress(): Address {
  return getContractAddress({ from: new TestWallet({ index: 0 }).address, nonce: 0n });
}

export interface DemoSummary {
  apiKey: string;
  links: { name: string; id: string; url: string }[];
}

export async function seedDemo(
  app: FastifyInstance,
  chain: { rpcUrl: string; chainId: number },
): Promise<DemoSummary | undefined> {
  const db = app.kiosk.database.db as Kysely<{ payment_methods: { id: string; livemode: boolean } }>;
  const existing = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('livemode', '=', false)
    .executeTakeFirst();
  if (existing) return undefined;

  const key = await createApiKey(app.kiosk.platform, {
    name: 'Demo back end',
    livemode: false,
    createdBy: 'kiosk:demo',
  });
  const call = async (url: string, payload: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${key.secret}` },
    });
    if (response.statusCode >= 300)
      throw new Error(`demo seed: ${url} answered ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const method = await call('/api/payment-methods', {
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
  const bundle = await call('/api/products', {
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
  const stickers = await call('/api/products', {
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
  const shirt = await call('/api/products', {
    name: 'Kiosk T-shirt',
    description: 'Soft cotton, printed logo',
    cross_sell: { cross_sells_to_id: stickers.prices[0].id },
    prices: [
      { currency_id: kdt, unit_amount: '25000000', quantity_available: 100, quantity_limit_per_checkout: 5 },
    ],
  });
  const tips = await call('/api/products', {
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
  const links: DemoSummary['links'] = [];
  const offer = async (name: string, priceId: string, options: Record<string, unknown> = {}) => {
    const link = await call('/api/payment-links', {
      name,
      line_items: [{ price_id: priceId, quantity: 1 }],
      after_completion: confirmation(name),
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
  await offer('Tip jar', tips.prices[0].id, { submit_type: 'donate' });
  return { apiKey: key.secret, links };
}

export function printDemo(summary: DemoSummary | undefined, print: (line: string) => void): void {
  if (!summary) {
    print('demo store already seeded (test mode)');
    return;
  }
  print('demo store (test mode):');
  for (const link of summary.links) print(`  ${link.name.padEnd(14)} ${link.url}`);
  print(`  test API key  ${summary.apiKey}`);
}
