import type { PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { RENEWABLE, requestRenewal } from '../subscriptions/reauthorise.ts';
import type { PaymentsTables } from '../tables.ts';
import { insertSession, type NewSession } from '../checkout-sessions/service.ts';
import { getCustomer } from '../customers/queries.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';

/**
 * Setup checkout (mode `setup`, issue 11 item 2): a subscription's customer authorises its future
 * payments again on a hosted page — a new mandate on the same or another method and currency, as the
 * portal's "Change payment method" does — and pays nothing now. The merchant names the subscription in
 * `setup_intent_data.metadata.subscription_id` (Stripe's way); only its customer may complete it.
 * Submit asks for the mandate (reauthorise.ts), the wallet sends its calls, and the confirm that finds
 * it on the chain (flows/confirm-checkout-mandate.ts) puts it in place and completes the session with
 * `no_payment_required`.
 */

type SessionRow = PaymentsTables['checkout_sessions'];

export async function createSetupSession(
  deps: Deps,
  livemode: boolean,
  subscriptionId: string,
  input: Omit<NewSession, 'lines'>,
): Promise<string> {
  return transaction(deps.db, async (trx) => {
    const subscription = await findSubscriptionRow(trx, subscriptionId);
    if (!subscription || flag(subscription.livemode) !== livemode)
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 400 });
    if (!RENEWABLE.has(subscription.status)) throw new KioskError('SUBSCRIPTION_ENDED', { status: 409 });
    const customer = (await getCustomer(trx, livemode, subscription.customer_id))!;
    return insertSession(deps, trx, livemode, input, {
      mode: 'setup',
      payment_status: 'no_payment_required',
      currency_id: subscription.currency_id,
      line_items: '[]',
      amount_subtotal: '0',
      amount_total: '0',
      customer_id: subscription.customer_id,
      customer_did: customer.did,
      subscription_id: subscription.id,
    });
  });
}

/**
 * Submit of a setup session, in submit's transaction: asks for the new mandate on the chosen method
 * and currency. A submit again (another method chosen) asks again; the ask before it is forgotten.
 */
export async function askSetupMandate(
  deps: Deps,
  trx: Executor,
  session: SessionRow,
  choice: { method: PaymentMethod; currency: PaymentCurrency },
  rail: Record<string, string> | undefined,
) {
  return requestRenewal(deps, trx, session.subscription_id!, {
    methodId: choice.method.id,
    currencyId: choice.currency.id,
    checkoutSessionId: session.id,
    ...(rail && { rail }),
  });
}
