import type { ConnectSession } from '@kiosk/contracts';

export type { ConnectSession };
export type ConnectStatus = ConnectSession['status'];

/** A status call's answer, and the `data` of a `connect.status` realtime message. */
export interface ConnectStatusAnswer {
  status: ConnectStatus;
  /** The refusal's code when the status is failed, e.g. `SIWE_BAD_SIGNATURE`. */
  error?: string | null;
  did?: string | null;
}

/** A wallet injected into this page, e.g. found through EIP-6963. */
export interface InjectedWalletOption<Provider = unknown> {
  /** Stable for the wallet (the EIP-6963 uuid). */
  id: string;
  name: string;
  /** A data URL or address of the wallet's icon. */
  icon?: string;
  provider: Provider;
}

export type WalletConnectResult =
  | { method: 'connect'; action: string; token: string; did?: string }
  | { method: 'injected'; action: string; walletId: string };
