import type { Kysely } from 'kysely';
import type { PrivateKeyAccount } from 'viem/accounts';
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
  siweExpectations(): SiweExpectations;
  /** Per-IP requests per minute on sign-in routes. */
  signInRateLimit: number;
  /** The demo's server-side test wallet answers connect sessions (never in production). */
  testWallet: boolean;
}
