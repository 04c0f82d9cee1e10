import { DID_PATTERN } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { ConnectAction } from '@kiosk/identity';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { payIntentSteps, type IntentPayment } from '../flows/pay-intent-steps.ts';

const params = z.object({
  invoiceId: z.string().min(1).max(64),
  sessionUserDid: z.string().regex(DID_PATTERN, 'validation.did'),
});
type Params = z.infer<typeof params>;

/**
 * The intent waiting for the customer's transfer on their own invoice (a dearer plan's
 * `subscription_update` invoice): anyone else's invoice is not found; a paid one, or one paid another
 * way (a checkout's, the billing engine's pulls, the past-due dialog), is refused.
 */
async function waitingIntentOf(deps: Deps, { invoiceId, sessionUserDid }: Params): Promise<string> {
  const invoice = await deps.db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .select([
      'invoices.status',
      'invoices.payment_intent_id',
      'invoices.checkout_session_id',
      'customers.did',
    ])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice || invoice.did !== sessionUserDid) throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
  if (invoice.status === 'paid') throw new KioskError('INVOICE_ALREADY_PAID', { status: 409 });
  if (invoice.status !== 'open' || !invoice.payment_intent_id || invoice.checkout_session_id)
    throw new KioskError('INVOICE_NOT_PAYABLE', { status: 409, params: { status: invoice.status } });
  return invoice.payment_intent_id;
}

/**
 * Connect action `collect` (seed 000 §7: `invoiceId`): the customer's wallet, on another device or the
 * demo's test wallet, pays one invoice of theirs that waits for a transfer — the portal's "Pay now"
 * for a plan change. The wallet sees it as a `payment`, makes the transfer and answers its hash,
 * which names it against the invoice's intent.
 */
export function collectConnectAction(deps: Deps): ConnectAction {
  return {
    params,
    async open(fields) {
      const asked = fields as Params;
      return { ...asked, paymentIntentId: await waitingIntentOf(deps, asked) } satisfies Params &
        IntentPayment;
    },
    ...payIntentSteps(deps, 'INVOICE_ALREADY_PAID'),
  };
}
