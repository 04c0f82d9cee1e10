import type { ConnectAction, Principal } from '@kiosk/identity';
import type { Platform } from '@kiosk/platform';

/** What the payments module needs from the server. */
export interface PaymentsContext {
  platform: Platform;
  baseUrl: string;
  /** The account that pulls subscription payments on EVM chains (server configuration, never stored). */
  evmCollectorKey?: `0x${string}`;
  /** Stripe reached at a local emulator instead of Stripe (tests and the demo). */
  stripe?: { apiBase?: string; jsUrl?: string };
  /** Decides who (the socket's caller) may listen to realtime topics starting with `prefix`. */
  authorizeTopic(prefix: string, authorize: (topic: string, caller: Principal) => Promise<boolean>): void;
  /** Adds an action pages can ask a wallet to do through a connect session (`/api/did/{name}/…`). */
  registerConnectAction(name: string, action: ConnectAction): void;
}
