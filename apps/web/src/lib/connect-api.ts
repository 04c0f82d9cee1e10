import type { ConnectSession, ConnectStatusAnswer } from '@kiosk/react';
import { kioskClient } from './api.ts';

// The page side of a connect session (docs/identity.md §2).

export function createConnectSession(action: string): Promise<ConnectSession> {
  return kioskClient.call('POST /api/did/:action/token', { params: { action }, body: {} });
}

export function pollConnectStatus(
  action: string,
  token: string,
  secret: string,
): Promise<ConnectStatusAnswer> {
  return kioskClient.call('GET /api/did/:action/status', {
    params: { action },
    query: { _t_: token, secret },
  });
}

/** Asks the server's test wallet to answer the session; the page learns the outcome from the status. */
export async function connectTestWallet(token: string): Promise<void> {
  await kioskClient.call('POST /api/test-wallet/connect', { body: { token } });
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}
