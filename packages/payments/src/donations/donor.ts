import { ANONYMOUS_DONOR_DID } from '@kiosk/core';
import { didFromAddress } from '@kiosk/identity';
import { isAddress } from 'viem';
import { ensureCustomer } from '../customers/service.ts';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { Buyer } from '../schemas.ts';
import type { PaymentsTables } from '../tables.ts';

/**
 * Seed 000 §6: a donation may be given without signing in. Such a donor acts on their session as the
 * anonymous donor (ANONYMOUS_DONOR_DID, a DID nobody can sign in as); its customer holds the donation
 * until the payment names who sent it (attributeDonation). A session of this buyer is the page's,
 * like one without a buyer yet (order.ts checkBuyer): signing in on the page and submitting again
 * makes it the signed-in donor's.
 */
export const anonymousDonor = (livemode?: boolean): Buyer => ({ did: ANONYMOUS_DONOR_DID, livemode });

export const isAnonymousDonor = (did: string | null | undefined): boolean => did === ANONYMOUS_DONOR_DID;

/**
 * An anonymous donation has been paid: the transfer's sender becomes its supporter. The order's
 * customer turns from the anonymous one into the sender's (made if new, by the DID their wallet signs
 * in as), before its invoice is made, so the invoice and the supporters list name them. A payer the
 * rail does not name as a wallet (a card) leaves the donation anonymous. The session keeps its
 * anonymous buyer: that is how the list knows the donor did not sign in.
 */
export async function attributeDonation(
  deps: Deps,
  trx: Executor,
  intent: PaymentsTables['payment_intents'],
  payer: string | undefined,
): Promise<PaymentsTables['payment_intents']> {
  if (!intent.checkout_session_id || !payer || !isAddress(payer)) return intent;
  const session = await trx
    .selectFrom('checkout_sessions')
    .select(['id', 'customer_did', 'customer_id'])
    .where('id', '=', intent.checkout_session_id)
    .executeTakeFirst();
  if (!session || !isAnonymousDonor(session.customer_did)) return intent;
  const customer = await ensureCustomer(deps, trx, flag(intent.livemode), didFromAddress(payer));
  if (customer.id === intent.customer_id) return intent;
  await deps.resources.checkoutSessions.update(
    trx,
    session.id,
    { customer_id: customer.id },
    'checkout.session.updated',
  );
  const updated = await deps.resources.paymentIntents.update(
    trx,
    intent.id,
    { customer_id: customer.id },
    'payment_intent.updated',
  );
  return updated ?? intent;
}
