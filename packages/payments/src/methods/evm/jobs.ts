import type { Hash } from 'viem';
import type { PaymentsContext } from '../../context.ts';
import { paymentsDb, type Executor } from '../../db.ts';
import { getPaymentIntent } from '../../payment-intents/service.ts';
import { failPayment, settleTransfer } from '../../payment-intents/settle.ts';
import { evmSettingsOf, getPaymentMethod } from '../../payment-methods/service.ts';
import { chainClient, verifyEvmTransfer } from './verify.ts';

export const VERIFY_TRANSFER_JOB = 'payments.verify-evm-transfer';
/** The chain is read every 2 s while a transfer is unmined or unconfirmed, for up to 15 minutes. */
export const VERIFY_INTERVAL_MS = 2_000;
export const VERIFY_MAX_CHECKS = 450;

interface VerifyPayload {
  payment_intent_id: string;
  tx_hash: Hash;
  check: number;
}

/** Queues a check of `txHash` for the payment intent, inside the caller's transaction. */
export async function queueTransferCheck(
  context: PaymentsContext,
  db: Executor,
  paymentIntentId: string,
  txHash: Hash,
  check = 0,
) {
  await context.jobs.enqueue(
    db,
    VERIFY_TRANSFER_JOB,
    { payment_intent_id: paymentIntentId, tx_hash: txHash, check } satisfies VerifyPayload,
    {
      key: `${paymentIntentId}:${txHash.toLowerCase()}:${check}`,
      delayMs: check === 0 ? 0 : VERIFY_INTERVAL_MS,
    },
  );
  context.jobs.wake();
}

const REASONS: Record<string, string> = {
  WRONG_CHAIN: 'The transaction is on another chain',
  TX_FAILED: 'The transaction failed on chain',
  WRONG_RECIPIENT: 'The transaction did not pay the merchant',
  WRONG_TOKEN: 'The transaction moved another token',
  WRONG_PAYER: 'The transaction was sent from another account than the signed-in buyer',
  TX_ALREADY_USED: 'This transaction has already paid for something else',
  TX_NOT_CONFIRMED: 'The transaction was not confirmed in time',
};

export function defineEvmJobs(context: PaymentsContext): void {
  const db = paymentsDb(context.database);
  context.jobs.define<VerifyPayload>(
    VERIFY_TRANSFER_JOB,
    async ({ payment_intent_id, tx_hash, check }) => {
      // A paid intent is checked too: a second transfer for it must be recorded, not lost.
      const intent = await getPaymentIntent(db, payment_intent_id);
      if (!intent) return;
      const method = await getPaymentMethod(db, intent.livemode, intent.payment_method_id);
      const currency = method?.payment_currencies.find((c) => c.id === intent.currency_id);
      if (!method || !currency)
        return failPayment(db, intent.id, 'CURRENCY_NOT_AVAILABLE', 'The payment currency is gone');
      const settings = evmSettingsOf(method);

      const verdict = await verifyEvmTransfer(
        chainClient(settings),
        settings,
        { token: currency.contract },
        tx_hash,
      );
      if (verdict.outcome === 'pending') {
        if (check + 1 >= VERIFY_MAX_CHECKS)
          return failPayment(db, intent.id, 'TX_NOT_CONFIRMED', REASONS.TX_NOT_CONFIRMED!);
        await queueTransferCheck(context, db, intent.id, tx_hash, check + 1);
        return;
      }
      if (verdict.outcome === 'rejected')
        return failPayment(db, intent.id, verdict.reason, REASONS[verdict.reason]!);

      // A transfer to the shared receiving address pays only the session of the account that sent it,
      // so nobody can claim someone else's transaction as their own payment.
      const customer = await db
        .selectFrom('customers')
        .select('did')
        .where('id', '=', intent.customer_id)
        .executeTakeFirst();
      if (!customer || !customer.did.endsWith(verdict.payer.toLowerCase())) {
        return failPayment(db, intent.id, 'WRONG_PAYER', REASONS.WRONG_PAYER!);
      }
      const settled = await settleTransfer(db, intent.id, {
        chainId: settings.chain_id,
        txHash: tx_hash,
        ...verdict,
      });
      if (settled.result === 'already_used')
        return failPayment(db, intent.id, 'TX_ALREADY_USED', REASONS.TX_ALREADY_USED!);
      if (settled.result === 'paid') {
        const paid = {
          customer_id: settled.customerId,
          subscription_id: null,
          currency_id: settled.currencyId,
        };
        if (settled.sessionId) {
          context.publish(`checkout:${settled.sessionId}`, 'invoice.paid', paid);
          context.publish(`checkout:${settled.sessionId}`, 'checkout.session.completed', {
            id: settled.sessionId,
          });
        }
        context.publish(`customer:${settled.customerId}`, 'invoice.paid', paid);
      }
    },
    // RPC failures retry with backoff; "not yet" is a new job 2 s later, not a failure.
    { maxAttempts: 8, backoffMs: 1_000 },
  );
}
