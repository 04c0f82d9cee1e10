import { KioskError } from '@kiosk/core';
import { TestWallet } from '@kiosk/test-wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Address, Hash } from 'viem';
import { z } from 'zod';
import { findSessionRow } from '../checkout-sessions/service.ts';
import type { PaymentsContext } from '../context.ts';
import { paymentsDb } from '../db.ts';
import { queueTransferCheck } from '../methods/evm/jobs.ts';
import { getPaymentIntent } from '../payment-intents/service.ts';
import { evmSettingsOf, getPaymentMethod } from '../payment-methods/service.ts';

/** The test mnemonic's accounts a signed-in demo buyer may be. */
const TEST_ACCOUNTS = 20;

/**
 * Demo and test mode only (KIOSK_TEST_WALLET): the built-in test wallet pays a submitted session on
 * the local chain from the buyer's own test account, then names the transaction like any page would.
 * The chain watcher still decides whether it paid.
 */
export function registerTestWalletPayRoute(app: FastifyInstance, context: PaymentsContext): void {
  const db = paymentsDb(context.database);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test-wallet/pay',
    {
      config: { access: ['signedIn'] },
      schema: {
        tags: ['checkout sessions'],
        summary: "Demo and test mode only: the built-in test wallet pays the buyer's submitted session",
        body: z.object({
          checkout_session_id: z.string().regex(/^cs_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId'),
        }),
        response: { 202: z.object({ tx_hash: z.string() }) },
      },
    },
    async (request, reply) => {
      const buyer = request.auth.kind === 'user' ? request.auth.did : '';
      const session = await findSessionRow(db, request.body.checkout_session_id);
      if (!session) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
      if (session.customer_did !== buyer) throw new KioskError('FORBIDDEN');
      const intent = session.payment_intent_id
        ? await getPaymentIntent(db, session.payment_intent_id)
        : undefined;
      if (!intent) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
      if (intent.status === 'succeeded') throw new KioskError('CHECKOUT_ALREADY_PAID', { status: 409 });
      const method = await getPaymentMethod(db, intent.livemode, intent.payment_method_id);
      const currency = method?.payment_currencies.find((c) => c.id === intent.currency_id);
      if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });

      const index = Array.from({ length: TEST_ACCOUNTS }, (_, i) => i).find((i) =>
        buyer.endsWith(new TestWallet({ index: i }).address.toLowerCase()),
      );
      if (index === undefined) throw new KioskError('TEST_WALLET_NOT_BUYER', { status: 409 });
      const wallet = new TestWallet({ index });
      const settings = evmSettingsOf(method);
      const target = { rpcUrl: settings.api_host, chainId: settings.chain_id };
      const amount = BigInt(intent.amount);
      const to = settings.receiving_address as Address;
      const txHash: Hash = currency.contract
        ? await wallet.transferToken({ ...target, token: currency.contract as Address, to, amount })
        : await wallet.sendNative({ ...target, to, value: amount });

      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_intents')
          .set({ status: 'processing', last_payment_error: 'null' })
          .where('id', '=', intent.id)
          .execute();
        await queueTransferCheck(context, trx, intent.id, txHash);
      });
      return reply.status(202).send({ tx_hash: txHash });
    },
  );
}
