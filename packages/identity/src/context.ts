import type { Kysely } from 'kysely';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ConnectActions } from './connect/actions.ts';
import type { ConnectNotifier } from './connect/service.ts';
import type { SiweExpectations } from './siwe.ts';
import type { IdentityTables } from './tables.ts';

/** What identity's routes share; built once by the plugin. */
export interface IdentityContext {
  db: Kysely<IdentityTables>;
  baseUrl: string;
  ownerDid: string | undefined;
  secureCookies: boolean;
  authTokenKey: string;
  /** The app's own wallet: it signs connect requests so wallets can tell who is asking. */
  appAccount: PrivateKeyAccount;
  notify: ConnectNotifier;
  connectActions: ConnectActions;
  siweExpectations(): SiweExpectations;
  /** Per-IP requests per minute on sign-in routes. */
  signInRateLimit: number;
  /** The demo's server-side test wallet answers connect sessions (never in production). */
  testWallet: boolean;
  /** Chain id → RPC URL, where the test wallet sends the transfers a connect session asks for. */
  testWalletRpcUrls(): Promise<Record<number, string>>;
}
