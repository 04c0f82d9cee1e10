import type { ConnectSession, ConnectStatusAnswer } from '@kiosk/react';
import { apiFetch } from './api.ts';

// The page side of a connect session (docs/identity.md §2).

export function createConnectSession(action: string): Promise<ConnectSession> {
  return apiFetch<ConnectSession>(`/api/did/${encodeURIComponent(action)}/token`, {
    method: 'POST',
    body: {},
  });
}

export function pollConnectStatus(
  action: string,
  token: string,
  secret: string,
): Promise<ConnectStatusAnswer> {
  const query = new URLSearchParams({ _t_: token, secret });
  return apiFetch<ConnectStatusAnswer>(`/api/did/${encodeURIComponent(action)}/status?${query}`);
}

/** Asks the server's test wallet to answer the session; the page learns the outcome from the status. */
export async function connectTestWallet(token: string): Promise<void> {
  await apiFetch<unknown>('/api/test-wallet/connect', { method: 'POST', body: { token } });
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}
