import type { Database } from '@kiosk/db';
import { paymentsDb } from './db.ts';
import { openTestBitcoinPayment, type OpenBitcoinPayment } from './flows/test-bitcoin-payment.ts';
import { testModeRpcUrls } from './payment-methods/rpc-urls.ts';

export { paymentsPlugin } from './plugin.ts';
export type { PaymentsApi, PaymentsEvents, PaymentsEventType } from './api.ts';
export { paymentsMigrations } from './tables.ts';
export type { PaymentsContext } from './context.ts';
// The demo deploys the collector contract on its chain from the committed artifact.
export { deployCollector } from './methods/evm/collector/collector.ts';

/** Where the demo's test wallet pays: chain id → RPC URL of each test-mode EVM payment method. */
export function testWalletRpcUrls(database: Database): Promise<Record<number, string>> {
  return testModeRpcUrls(paymentsDb(database));
}

/** What the demo's Bitcoin wallet may pay of a test-mode checkout (flows/test-bitcoin-payment.ts). */
export function testBitcoinPayment(
  database: Database,
  checkoutSessionId: string,
  now: number,
): Promise<OpenBitcoinPayment> {
  return openTestBitcoinPayment(paymentsDb(database), checkoutSessionId, now);
}
export type { OpenBitcoinPayment };
