import type { FastifyInstance } from 'fastify';
import type { Address, Chain, HttpTransport, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TestWallet } from '@kiosk/test-wallet';
import {
  DEMO_BUYER_INDEX,
  DEMO_COLLECTOR,
  DEMO_COLLECTOR_INDEX,
  DEMO_OWNER,
  DEMO_OWNER_INDEX,
  revokeBuyersOwnership,
} from './demo-accounts.ts';
import { ensureDemoCollector } from './demo-collector.ts';
import { renewDemoKey } from './demo-key.ts';
import { DEMO_PLAN, ensureDemoPlan, type DemoPlan } from './demo-plan.ts';
import { ensureDemoApps } from './demo-apps.ts';
import { ensureDemoFeedback } from './demo-feedback.ts';
import { DEMO_TEST_CARDS, ensureDemoCardMethod, ensureDemoCards, type DemoCards } from './demo-cards.ts';
import {
  DEMO_HOODIE_SATS,
  ensureDemoBitcoin,
  ensureDemoBitcoinMethod,
  type DemoBitcoin,
} from './demo-bitcoin.ts';
import { createDemoStore, demoStoreExists, findDemoLinks, type DemoLink } from './demo-store.ts';
import { apiCaller, signInInProcess } from './in-process.ts';
import { OWNER_SIGN_IN_PATH } from './owner-sign-in-route.ts';
import { ensureDemoAppDonations, ensureDemoPaidApp, type DemoPaidApp } from './demo-paid-app.ts';

export { DEMO_CHAIN_ID, DEMO_RECEIVER, demoTokenAddress } from './demo-store.ts';

/**
 * What the demo prints at every start: its store's links, a test key that works, and who signs in as
 * whom. The store is made on the first start (demo-store.ts); later starts find it and renew the key.
 */
export interface DemoSummary {
  /** True when this start made the store, false when an earlier start had. */
  created: boolean;
  links: DemoLink[];
  /** Made by this start; the demo's earlier keys no longer work. */
  apiKey: string;
  /** How many earlier demo keys this start revoked; undefined when the owner may not (see owner). */
  revokedKeys: number | undefined;
  /** Buyers' development accounts this start took the owner role from (an earlier demo gave it). */
  demotedBuyers: number[];
  buyer: { account: number; address: string };
  /** `isOwner` is false when someone else owns the instance (KIOSK_OWNER_DID, or an earlier first user). */
  owner: { account: number; address: string; isOwner: boolean; signInUrl: string };
  /** The monthly plan (its link is also among `links`). */
  plan: DemoPlan;
  /** The store front's demo apps (their pages), published by the owner. */
  apps: string[];
  /** One of them sold for KDT in test mode (its page). */
  paidApp: DemoPaidApp;
  /** The card link, when the server reaches the Stripe emulator (`kiosk serve --demo`). */
  cards: DemoCards;
  /** The Bitcoin link, when the seed is given the Bitcoin stand-in (`kiosk serve --demo`). */
  bitcoin: DemoBitcoin;
  /** Who pulls the plan's cycles: the server's collector account, from KIOSK_EVM_COLLECTOR_KEY. */
  collector: Collector;
}

export type Collector =
  /** The demo's own collector account (what `kiosk serve --demo` sets). */
  | { kind: 'demo'; account: number; address: Address }
  /** Another account that KIOSK_EVM_COLLECTOR_KEY names. */
  | { kind: 'configured'; address: Address }
  /** No key: the server cannot collect, so a subscription checkout is refused. */
  | { kind: 'none' };

/**
 * Where the demo's chain is. A running chain (`kiosk serve --demo`) comes with its client, and the
 * seed deploys the demo's KioskCollector there if it is missing; `kiosk seed --demo` may seed with no
 * chain running, and the collector is deployed when the demo chain next starts.
 */
export interface DemoChain {
  rpcUrl: string;
  chainId: number;
  publicClient?: PublicClient<HttpTransport, Chain>;
}

function collectorOf(key: `0x${string}` | undefined): Collector {
  if (!key) return { kind: 'none' };
  const { address } = privateKeyToAccount(key);
  return address === DEMO_COLLECTOR.address
    ? { kind: 'demo', account: DEMO_COLLECTOR_INDEX, address }
    : { kind: 'configured', address };
}

/** The demo's other stand-ins, beside its chain: the Bitcoin one's Esplora URL (regtest). */
export interface DemoStandins {
  bitcoin?: { esploraUrl: string };
}

export async function seedDemo(
  app: FastifyInstance,
  chain: DemoChain,
  standins: DemoStandins = {},
): Promise<DemoSummary> {
  // The owner signs in before anyone else can: on an instance without KIOSK_OWNER_DID the first user
  // to sign in becomes its owner, and that must not be a buyer.
  const owner = await signInInProcess(app, DEMO_OWNER_INDEX);
  try {
    const demotedBuyers = owner.isOwner ? await revokeBuyersOwnership(owner.call) : [];
    const key = await renewDemoKey(app, owner);
    const merchant = apiCaller(app, { authorization: `Bearer ${key.secret}` });
    const { publicClient } = chain;
    if (publicClient) await ensureDemoCollector({ rpcUrl: chain.rpcUrl, publicClient });
    const created = !(await demoStoreExists(app));
    const shop = created ? await createDemoStore(merchant, chain) : await findDemoLinks(merchant);
    const { baseUrl, evmCollectorKey, stripeApiBase } = app.kiosk.config;
    // Before the plan, which is sold by card too where there is a card method.
    const card = await ensureDemoCardMethod(merchant, { stripeApiBase, baseUrl });
    const plan = await ensureDemoPlan(merchant, chain, card?.usd);
    const apps = await ensureDemoApps(app, owner);
    const paidApp = apps.length > 0 ? await ensureDemoPaidApp(owner, merchant, baseUrl) : undefined;
    if (apps.length > 0) await ensureDemoFeedback(app);
    if (apps.length > 0) await ensureDemoAppDonations(owner.call, merchant, apps);
    const cards = await ensureDemoCards(merchant, card);
    const bitcoinMethod = await ensureDemoBitcoinMethod(merchant, standins.bitcoin);
    const bitcoin = await ensureDemoBitcoin(merchant, bitcoinMethod, card?.usd);
    return {
      created,
      links: [
        ...shop,
        ...(plan.outcome === 'ready' ? [plan.link] : []),
        ...(cards.outcome === 'ready' ? [cards.link] : []),
        ...(bitcoin.outcome === 'ready' ? [bitcoin.link] : []),
      ],
      cards,
      bitcoin,
      apiKey: key.secret,
      revokedKeys: key.revoked,
      demotedBuyers,
      buyer: { account: DEMO_BUYER_INDEX, address: new TestWallet({ index: DEMO_BUYER_INDEX }).address },
      owner: {
        account: DEMO_OWNER_INDEX,
        address: DEMO_OWNER.address,
        isOwner: owner.isOwner,
        signInUrl: `${baseUrl}${OWNER_SIGN_IN_PATH}`,
      },
      plan,
      apps: apps.map((did) => `${baseUrl}/apps/${did}`),
      paidApp: paidApp ?? { outcome: 'skipped', reason: 'no demo apps' },
      collector: collectorOf(evmCollectorKey),
    };
  } finally {
    await owner.signOut();
  }
}

export function printDemo(summary: DemoSummary, print: (line: string) => void): void {
  const { buyer, owner, plan, collector } = summary;
  print(`demo store (test mode)${summary.created ? '' : ', as an earlier start left it'}:`);
  for (const link of summary.links) print(`  ${link.name.padEnd(14)} ${link.url}`);
  if (plan.outcome === 'ready') {
    const puller =
      collector.kind === 'demo'
        ? `development account #${collector.account}`
        : collector.kind === 'configured'
          ? `${collector.address} (KIOSK_EVM_COLLECTOR_KEY)`
          : undefined;
    if (puller)
      print(
        `  collector      ${puller} pulls ${plan.link.name}'s cycles through KioskCollector ${plan.collector}`,
      );
    else
      print(
        `  note: no KIOSK_EVM_COLLECTOR_KEY, so nobody can collect ${plan.link.name}'s cycles and its checkout refuses to subscribe (kiosk serve --demo sets one)`,
      );
    if (plan.added && !summary.created)
      print(`  note: added the ${DEMO_PLAN.name} plan to the store an earlier demo made`);
  } else
    print(
      `  note: the demo's payment method (KDT on the demo chain) is gone, so there is no ${DEMO_PLAN.name} plan`,
    );
  if (summary.cards.outcome === 'ready')
    for (const [number, outcome] of DEMO_TEST_CARDS)
      print(`  test card      ${number} ${outcome} (any future date, any CVC)`);
  if (summary.bitcoin.outcome === 'ready') {
    const { esploraUrl, link } = summary.bitcoin;
    // The stand-in's own test control: a block paying the address, as a wallet's payment and its block.
    print(`  bitcoin        pay ${link.name} in BTC, then send to the address the page shows:`);
    print(
      `                 curl -X POST '${esploraUrl}/_standin/fund?address=ADDRESS&sats=${DEMO_HOODIE_SATS}'`,
    );
  }
  if (summary.apps.length)
    print(`  store apps     ${summary.apps.length} on the store front, e.g. ${summary.apps[0]}`);
  if (summary.paidApp.outcome === 'ready')
    print(`  paid app       ${summary.paidApp.url} (2 KDT in test mode: buy it with the test wallet)`);
  const renewed = summary.revokedKeys === undefined ? '' : '; the earlier ones stop working';
  print(`  test API key   ${summary.apiKey} (new at every start${renewed})`);
  print(`  buyer          sign in with "Test wallet" (development account #${buyer.account})`);
  print(`  owner          open ${owner.signInUrl} (development account #${owner.account})`);
  if (!owner.isOwner)
    print(
      `  note: account #${owner.account} is not this instance's owner (KIOSK_OWNER_DID names another, or another user became owner first), so earlier demo keys still work`,
    );
  for (const account of summary.demotedBuyers)
    print(`  note: buyer account #${account} is no longer an owner (an earlier demo had made it one)`);
}
