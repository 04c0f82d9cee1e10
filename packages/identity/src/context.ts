import type { PrivateKeyAccount } from 'viem/accounts';
import type { ConnectActions } from './connect/actions.ts';
import type { ConnectNotifier } from './connect/service.ts';
import type { SiweExpectations } from './siwe.ts';
import type { IdentityStore } from './store.ts';

/** What identity's routes share (its store among it); built once by the plugin. */
export interface IdentityContext extends IdentityStore {
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
  /** Whether the server's test wallet is on (the demo plugin's route); `GET /api/session` tells pages. */
  testWallet: boolean;
}
