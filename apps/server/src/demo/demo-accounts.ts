import { TestWallet } from '@kiosk/test-wallet';
import type { ApiCall } from './in-process.ts';

/**
 * Who is who in the demo, among the development accounts of the public test mnemonic. The buyers are
 * the accounts the demo chain gives KDT (0–9), and the Test wallet signs in as #0 unless told
 * otherwise. The owner runs the store and receives its payments; it holds no KDT, so a buyer is never
 * the owner. (`kiosk serve --demo` names the same owner in KIOSK_OWNER_DID, through devchain's
 * DEMO_OWNER_ACCOUNT; the demo's test checks the two agree.)
 */
export const DEMO_BUYER_INDEX = 0;
export const DEMO_BUYER_COUNT = 10;
export const DEMO_OWNER_INDEX = 19;
export const DEMO_OWNER = new TestWallet({ index: DEMO_OWNER_INDEX });

/**
 * The subscriptions' two accounts, neither a buyer nor the owner. The deployer's first transaction
 * deploys KioskCollector, so the contract's address is fixed (demo-collector.ts); it never sends
 * another. The collector account pulls each cycle under the buyers' mandates: `kiosk serve --demo`
 * sets its key as KIOSK_EVM_COLLECTOR_KEY unless that is set (the CLI's withDemoCollector, which
 * derives the key of this same account). Separate accounts, so that no pull can ever take the
 * deployer's nonce 0 on a chain that started empty under a database that remembers subscriptions.
 */
export const DEMO_DEPLOYER = new TestWallet({ index: 17 });
export const DEMO_COLLECTOR_INDEX = 18;
export const DEMO_COLLECTOR = new TestWallet({ index: DEMO_COLLECTOR_INDEX });

/**
 * Takes the owner role from the demo's buyers, as the owner (`call` is the owner's session). Before
 * the demo named its owner, the first user to sign in became owner, and that was the README's buyer:
 * a demo started again on such data puts that right. Answers the accounts it took the role from.
 */
export async function revokeBuyersOwnership(call: ApiCall): Promise<number[]> {
  const buyers = new Map(
    Array.from({ length: DEMO_BUYER_COUNT }, (_, index) => [
      new TestWallet({ index }).address.toLowerCase(),
      index,
    ]),
  );
  type User = { address: string; passports: { id: string; role: string }[] };
  const owners: { index: number; passport: string }[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await call('GET', `/api/users?page=${page}&pageSize=100`);
    if (status !== 200) throw new Error(`demo: listing users answered ${status}`);
    for (const user of body.list as User[]) {
      const index = buyers.get(user.address.toLowerCase());
      const passport = user.passports.find(({ role }) => role === 'owner');
      if (index !== undefined && passport) owners.push({ index, passport: passport.id });
    }
    if (body.list.length === 0 || page * 100 >= body.count) break;
  }
  for (const { passport } of owners) {
    const { status } = await call('DELETE', `/api/passports/${passport}`);
    if (status !== 204) throw new Error(`demo: revoking an owner passport answered ${status}`);
  }
  return owners.map(({ index }) => index);
}
