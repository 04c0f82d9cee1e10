import type { ConnectSessionStatus } from '@kiosk/core';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';

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

export const connectSessionJson = jsonColumns('connect_sessions', {
  /** What the action's `open` answered when the session opened (actions.ts). */
  params: jsonColumn(z.record(z.string(), z.unknown()), {}),
});
