import type { ConnectSessionStatus } from '@kiosk/core';

/** A connect session (connect/service.ts); its status changes through core's connectSessionMachine. */
export type ConnectSessionRow = {
  token: string;
  secret_hash: string;
  action: string;
  status: ConnectSessionStatus;
  params: string;
  nonce: string;
  did: string | null;
  error: string | null;
  redeemed: number | boolean;
  created_at: number;
  updated_at: number;
  expires_at: number;
};
