import type { ConnectAction } from '@kiosk/identity';
import type { Platform } from '@kiosk/platform';

/** What the payments module needs from the server. */
export interface PaymentsContext {
  platform: Platform;
  baseUrl: string;
  /** Decides who may listen to realtime topics starting with `prefix`. */
  authorizeTopic(prefix: string, authorize: (topic: string) => Promise<boolean>): void;
  /** Adds an action pages can ask a wallet to do through a connect session (`/api/did/{name}/…`). */
  registerConnectAction(name: string, action: ConnectAction): void;
}
