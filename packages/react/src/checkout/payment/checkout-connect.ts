import type { CheckoutSession } from '@kiosk/contracts';
import type { KioskClient } from '@kiosk/sdk';

/**
 * A connect session for `action` with its params (docs/identity.md §2), and the test wallet that may
 * answer it in test mode.
 */
export function walletConnectSession(
  client: KioskClient,
  action: string,
  params: Record<string, string>,
  testMode: boolean,
) {
  return {
    createSession: () => client.call('POST /api/did/:action/token', { params: { action }, body: { params } }),
    pollStatus: (token: string, secret: string) =>
      client.call('GET /api/did/:action/status', { params: { action }, query: { _t_: token, secret } }),
    onTestWallet: testMode
      ? async (token: string) => {
          await client.call('POST /api/test-wallet/connect', { body: { token } });
        }
      : undefined,
    realtimeUrl: client.realtimeUrl(),
  };
}

/**
 * The connect session a checkout opens for its buyer's wallet (seed 000 §7: the action is named by
 * the session's mode, `payment`, `subscription` or `setup`).
 */
export function checkoutConnect(
  client: KioskClient,
  action: CheckoutSession['mode'],
  checkoutSessionId: string,
  buyerDid: string,
  testMode: boolean,
) {
  return walletConnectSession(client, action, { checkoutSessionId, sessionUserDid: buyerDid }, testMode);
}
