import { demoRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { askFirst } from '@kiosk/db';
import type { Platform } from '@kiosk/platform';
import { didFromAddress, findConnectSession } from '@kiosk/identity';
import { ConnectRefusedError, TestWallet } from '@kiosk/test-wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inProcessFetch } from './in-process.ts';

export interface TestWalletRouteOptions {
  platform: Platform;
  baseUrl: string;
  /** Chain id → RPC URL, where the test wallet sends the transfers a connect session asks for. */
  rpcUrls(): Promise<Record<number, string>>;
}

/**
 * The demo's "Test wallet" button: the server's own test wallet answers a connect session through the
 * wallet protocol, in process (`app.inject`), exactly as a phone would over the network, paying on the
 * test-mode chains when the session asks for a payment.
 */
export function registerTestWalletRoute(app: FastifyInstance, options: TestWalletRouteOptions): void {
  // The test mnemonic's accounts, by DID: the ones the test wallet can answer as.
  const testAccounts = Array.from({ length: 20 }, (_, index) =>
    didFromAddress(new TestWallet({ index }).address),
  );
  const inProcess = inProcessFetch(app);

  const connect = demoRoutes['POST /api/test-wallet/connect'];
  app.withTypeProvider<ZodTypeProvider>().post(
    connect.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['connect'],
        summary:
          'Demo and test mode only: the built-in test wallet approves a connect session, paying if asked',
        ...connect.schema,
      },
    },
    async (request) => {
      const { token } = request.body;
      // The test wallet is another party: the route only reads first, then the wallet acts on its own.
      const { session, rpcUrls } = await askFirst(async () => ({
        session: await findConnectSession(options.platform, token),
        rpcUrls: await options.rpcUrls(),
      }));
      if (!session) throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
      // A session for a signed-in buyer (a payment) is answered by that buyer's own test account.
      const named = testAccounts.indexOf(String(session.params.sessionUserDid));
      const wallet = new TestWallet({
        index: named >= 0 ? named : request.body.account_index,
        fetch: inProcess,
      });
      const refusal = (status: number, body: unknown) =>
        new KioskError((body as { code?: string }).code ?? 'CONNECT_SESSION_INVALID', { status });
      let answer: { status: number; body: unknown };
      try {
        answer = await wallet.approveConnect(
          `${options.baseUrl}/api/did/${session.action}/auth?_t_=${token}`,
          { rpcUrls },
        );
      } catch (error) {
        if (error instanceof ConnectRefusedError) throw refusal(error.status, error.body);
        // The chain or the wallet failed (no funds, no RPC URL, another payer): the caller's to see.
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        throw new KioskError('TEST_WALLET_FAILED', { status: 409, params: { reason } });
      }
      if (answer.status !== 200) throw refusal(answer.status, answer.body);
      return { address: wallet.address };
    },
  );
}
