import { transaction } from '@kiosk/db';
import type { FastifyInstance } from 'fastify';
import { settleCharge } from '../flows/settle-charge.ts';
import { paymentsDb } from '../db.ts';
import { createDeps } from '../deps.ts';

type Client = {
  request(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number }>;
};

/**
 * The buyer names a transfer for their submitted session, and it is settled as the check would once
 * the chain confirmed it: for tests about what a payment leads to, not about reading a chain.
 */
export async function payAsVerified(
  server: { url: string; app: FastifyInstance },
  buyer: Client,
  sessionId: string,
  payment: { amount: bigint; payer: string },
): Promise<void> {
  const txHash = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
  const named = await buyer.request(`/api/checkout-sessions/${sessionId}/pay`, {
    method: 'POST',
    body: { tx_hash: txHash },
  });
  if (named.status !== 202) throw new Error(`naming the payment answered ${named.status}`);
  const db = paymentsDb(server.app.kiosk.database);
  const charge = await db
    .selectFrom('charges')
    .innerJoin('payment_intents', 'payment_intents.id', 'charges.payment_intent_id')
    .select('charges.id')
    .where('payment_intents.checkout_session_id', '=', sessionId)
    .where('charges.reference', '=', txHash)
    .executeTakeFirstOrThrow();
  const deps = createDeps(server.app.kiosk.platform, server.url);
  await transaction(db, (trx) =>
    settleCharge(deps, trx, charge.id, {
      reference: txHash,
      amount: payment.amount,
      payer: payment.payer,
      details: { tx_hash: txHash, payer: payment.payer }, // as the EVM adapter records a transfer
      methodType: 'evm',
    }),
  );
}
