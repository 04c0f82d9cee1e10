import { KioskError, nowUnix } from '@kiosk/core';
import { DID_PATTERN, type ConnectAction } from '@kiosk/identity';
import type { Hash } from 'viem';
import { z } from 'zod';
import type { PaymentsContext } from '../context.ts';
import { paymentsDb, type PaymentsDb } from '../db.ts';
import { claimTransfer, intentInstructions } from './pay.ts';
import { checkoutSessionId, txHash } from './schema.ts';
import { findSessionRow } from './service.ts';

const params = z.object({
  checkoutSessionId,
  sessionUserDid: z.string().regex(DID_PATTERN, 'validation.did'),
});
type Params = z.infer<typeof params>;

/** A submitted session that may still be paid, or the refusal its page or wallet is shown. */
async function payableSession(db: PaymentsDb, id: string) {
  const row = await findSessionRow(db, id);
  if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
  if (row.payment_status !== 'unpaid' || row.status === 'complete')
    throw new KioskError('CHECKOUT_ALREADY_PAID', { status: 409 });
  if (row.status === 'expired' || Number(row.expires_at) <= nowUnix())
    throw new KioskError('CHECKOUT_SESSION_EXPIRED', { status: 410 });
  if (!row.payment_intent_id) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  // A transfer already named is being checked: a second one now would pay twice.
  const intent = await db
    .selectFrom('payment_intents')
    .select('status')
    .where('id', '=', row.payment_intent_id)
    .executeTakeFirst();
  if (intent?.status === 'processing') throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
  return { ...row, payment_intent_id: row.payment_intent_id };
}

/**
 * Connect action `payment` (docs/identity.md §2): a checkout page asks its buyer's wallet, on another
 * device or the demo's test wallet, to pay a submitted session and name the transaction.
 */
export function paymentConnectAction(context: PaymentsContext): ConnectAction {
  const db = paymentsDb(context.database);
  return {
    params,
    async open(fields) {
      const { checkoutSessionId: id, sessionUserDid } = fields as Params;
      const row = await payableSession(db, id);
      if (row.customer_did !== sessionUserDid) throw new KioskError('FORBIDDEN');
      return { checkoutSessionId: id, sessionUserDid };
    },
    // Read at each fetch: the buyer may have changed the currency or the items since the session opened.
    async describe(fields) {
      const { checkoutSessionId: id, sessionUserDid } = fields as Params;
      const row = await payableSession(db, id);
      return {
        payment: {
          checkout_session_id: row.id,
          // The account that must send it: a wallet holding another one refuses before paying.
          payer: sessionUserDid.slice(sessionUserDid.lastIndexOf(':') + 1),
          ...(await intentInstructions(db, row.payment_intent_id)),
        },
      };
    },
    answer: z.object({ tx_hash: txHash }),
    async complete(fields, did, answer) {
      const { checkoutSessionId: id } = fields as Params;
      // Only the buyer's own transfer can pay (the chain job checks the sender too): say so now.
      const row = await findSessionRow(db, id);
      if (row && row.customer_did !== did) throw new KioskError('PAYER_MISMATCH', { status: 403 });
      await claimTransfer(context, id, did, answer.tx_hash as Hash);
    },
  };
}
