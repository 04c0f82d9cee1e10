import type { FastifyInstance } from 'fastify';
import { DEMO_BUYER_INDEX, DEMO_OWNER, DEMO_OWNER_INDEX, revokeBuyersOwnership } from './demo-accounts.ts';
import { renewDemoKey } from './demo-key.ts';
import { createDemoStore, demoStoreExists, findDemoLinks, type DemoLink } from './demo-store.ts';
import { apiCaller, signInInProcess } from './in-process.ts';
import { OWNER_SIGN_IN_PATH } from './owner-sign-in-route.ts';
import { TestWallet } from '@kiosk/test-wallet';

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
}

export async function seedDemo(
  app: FastifyInstance,
  chain: { rpcUrl: string; chainId: number },
): Promise<DemoSummary> {
  // The owner signs in before anyone else can: on an instance without KIOSK_OWNER_DID the first user
  // to sign in becomes its owner, and that must not be a buyer.
  const owner = await signInInProcess(app, DEMO_OWNER_INDEX);
  try {
    const demotedBuyers = owner.isOwner ? await revokeBuyersOwnership(owner.call) : [];
    const key = await renewDemoKey(app, owner);
    const merchant = apiCaller(app, { authorization: `Bearer ${key.secret}` });
    const created = !(await demoStoreExists(app));
    const links = created ? await createDemoStore(merchant, chain) : await findDemoLinks(merchant);
    const { baseUrl } = app.kiosk.config;
    return {
      created,
      links,
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
    };
  } finally {
    await owner.signOut();
  }
}

export function printDemo(summary: DemoSummary, print: (line: string) => void): void {
  const { buyer, owner } = summary;
  print(`demo store (test mode)${summary.created ? '' : ', as an earlier start left it'}:`);
  for (const link of summary.links) print(`  ${link.name.padEnd(14)} ${link.url}`);
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
