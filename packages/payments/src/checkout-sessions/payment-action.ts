import { checkoutSessionId, DID_PATTERN, txHash } from '@kiosk/contracts';
import { ANONYMOUS_DONOR_DID, KioskError } from '@kiosk/core';
import type { ConnectAction } from '@kiosk/identity';
import { z } from 'zod';
import { claimPayment } from '../flows/claim-payment.ts';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { openOrder } from '../flows/order.ts';
import { anonymousDonor, isAnonymousDonor } from '../donations/donor.ts';
import { findSessionRow } from './queries.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';

const params = z.object({
  checkoutSessionId,
  sessionUserDid: z.union([z.string().regex(DID_PATTERN, 'validation.did'), z.literal(ANONYMOUS_DONOR_DID)]),
});
type Params = z.infer<typeof params>;

/** A submitted order that may still be paid, and how to pay it as it stands now. */
async function payable(deps: Deps, id: string) {
  const { session, intent } = await openOrder(deps, id);
  if (!intent) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  const method = await getPaymentMethod(deps.db, flag(intent.livemode), intent.payment_method_id);
  const currency = method?.payment_currencies.find((c) => c.id === intent.currency_id);
  if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  const { adapter, method: read } = deps.methods.read(method);
  return { session, instructions: adapter.instructions(read, currency, BigInt(String(intent.amount))) };
}

/**
 * Connect action `payment` (docs/identity.md §2): a checkout page asks its buyer's wallet, on another
 * device or the demo's test wallet, to pay a submitted session and name the transaction.
 */
export function paymentConnectAction(deps: Deps): ConnectAction {
  return {
    params,
    async open(fields) {
      const { checkoutSessionId: id, sessionUserDid } = fields as Params;
      const { session } = await payable(deps, id);
      // An anonymous donor's page names the anonymous donor (donations/donor.ts).
      if (session.customer_did !== sessionUserDid) throw new KioskError('FORBIDDEN');
      return { checkoutSessionId: id, sessionUserDid };
    },
    // Read at each fetch: the buyer may have changed the currency or the items since the session opened.
    async describe(fields) {
      const { checkoutSessionId: id, sessionUserDid } = fields as Params;
      const { instructions } = await payable(deps, id);
      return {
        payment: {
          checkout_session_id: id,
          // The account that must send it: a wallet holding another one refuses before paying. Any
          // account may send an anonymous donation: its sender becomes the supporter.
          payer: isAnonymousDonor(sessionUserDid)
            ? null
            : sessionUserDid.slice(sessionUserDid.lastIndexOf(':') + 1),
          ...instructions,
        },
      };
    },
    answer: z.object({ tx_hash: txHash }),
    async complete(fields, did, answer) {
      const { checkoutSessionId: id } = fields as Params;
      // Only the buyer's own transfer can pay (the check reads the sender too): say so now.
      const row = await findSessionRow(deps.db, id);
      if (row && isAnonymousDonor(row.customer_did)) {
        await claimPayment(deps, id, anonymousDonor(), answer.tx_hash as string);
        return;
      }
      if (row && row.customer_did !== did) throw new KioskError('PAYER_MISMATCH', { status: 403 });
      // The wallet signed in as the buyer: its DID acts in whichever mode the session is.
      await claimPayment(deps, id, { did }, answer.tx_hash as string);
    },
  };
}
