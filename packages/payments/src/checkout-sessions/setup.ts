import type { MandateInstructions, PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { getCustomer } from '../customers/service.ts';
import {
  confirmRenewal,
  renewalInstructions,
  RENEWABLE,
  requestRenewal,
  setupAskOf,
} from '../subscriptions/reauthorise.ts';
import { findSubscriptionRow, lockSubscription } from '../subscriptions/service.ts';
import type { PaymentsTables } from '../tables.ts';
import type { Buyer } from '../schemas.ts';
import { checkBuyer } from './order.ts';
import { completeSession, insertSession, lockSession, type NewSession } from './service.ts';

/**
 * Setup checkout (mode `setup`, issue 11 item 2): a subscription's customer authorises its future
 * payments again on a hosted page — a new mandate on the same or another method and currency, as the
 * portal's "Change payment method" does — and pays nothing now. The merchant names the subscription in
 * `setup_intent_data.metadata.subscription_id` (Stripe's way); only its customer may complete it.
 * Submit asks for the mandate (reauthorise.ts), the wallet sends its calls, and the confirm that finds
 * it on the chain puts it in place and completes the session with `no_payment_required`.
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
): Promise<void> {
  await requestRenewal(deps, trx, session.subscription_id!, {
    methodId: choice.method.id,
    currencyId: choice.currency.id,
    checkoutSessionId: session.id,
  });
}

/** What the wallet signs for the setup session's ask, read from the chain now. */
export async function setupMandateInstructions(
  deps: Deps,
  session: SessionRow,
  payerDid: string,
): Promise<MandateInstructions> {
  const subscription = await findSubscriptionRow(deps.db, session.subscription_id!);
  if (!subscription || setupAskOf(subscription, session.id) !== 'asked')
    throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  return renewalInstructions(deps, subscription, payerDid);
}

/**
 * The wallet has sent the setup session's mandate: the chain is read (`MANDATE_PENDING` until it is
 * there), the mandate put in place for future invoices, and the session completed. Calling it again
 * changes nothing.
 */
export async function confirmSetup(deps: Deps, session: SessionRow, buyer: Buyer): Promise<void> {
  checkBuyer(session, buyer);
  const subscription = await findSubscriptionRow(deps.db, session.subscription_id!);
  if (!subscription) throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  const ask = setupAskOf(subscription, session.id);
  if (ask === undefined) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
  if (ask === 'asked') await confirmRenewal(deps, subscription, buyer.did);
  await transaction(deps.db, async (trx) => {
    const current = await lockSession(deps, trx, session.id);
    const now = await lockSubscription(deps, trx, subscription.id);
    // Asked again meanwhile (another submit): the wallet must send the mandate that stands.
    if (setupAskOf(now, session.id) !== 'in_place') throw new KioskError('MANDATE_PENDING', { status: 409 });
    if (current.status === 'open') await completeSession(deps, trx, session.id, 'no_payment_required');
  });
}
